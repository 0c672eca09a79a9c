# Throwaway PostgreSQL clusters for the tests (and scripts/cluster): one per directory, trusted
# on loopback only, removed again when stopped. Source this file, then:
#   pg_throwaway_start DIR PORT   initdb into DIR, start the server on 127.0.0.1:PORT (its unix
#                                 socket in DIR) and create the database `warpath`
#   pg_throwaway_stop DIR         stop it (fast) and remove DIR
#   pg_throwaway_conninfo PORT    the libpq connection string of its `warpath` database
#   pg_free_port                  a loopback TCP port nothing listens on now (below the ephemeral range)
# PG_THROWAWAY_LISTEN sets the TCP address ('127.0.0.1' by default; '' for the socket only, so
# that clusters of concurrent test runs cannot clash on a port). They print nothing but errors. PostgreSQL refuses to run as root: as root (CI), the server's
# programs run as the `postgres` system user that Debian's postgresql package creates.
# shellcheck shell=bash

# The superuser of every throwaway cluster, whoever runs it.
PG_THROWAWAY_USER=postgres

# The directory of initdb, pg_ctl and postgres: pg_config's (libpq-dev) when the server is
# installed there, else the newest /usr/lib/postgresql/*/bin.
pg_bindir() {
  local dir
  if command -v pg_config >/dev/null; then
    dir="$(pg_config --bindir 2>/dev/null)"
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  fi
  dir="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -type d -name bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
    return 0
  fi
  echo "pg_bindir: no PostgreSQL server programs (initdb, pg_ctl) found; install the postgresql package" >&2
  return 1
}

# Runs a server program as the cluster's owner: the postgres user when we are root, else ourselves.
# From / so that the postgres user is not left in a directory it cannot read.
_pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

pg_throwaway_start() {
  local dir="${1:?usage: pg_throwaway_start DIR PORT}" port="${2:?usage: pg_throwaway_start DIR PORT}"
  local bin
  bin="$(pg_bindir)" || return 1
  mkdir -p "$dir" || return 1
  dir="$(cd "$dir" && pwd)"
  if [ -n "$(ls -A "$dir")" ]; then
    echo "pg_throwaway_start: $dir is not empty" >&2
    return 1
  fi
  chmod 700 "$dir"
  if [ "$(id -u)" = 0 ]; then
    id -u postgres >/dev/null 2>&1 || {
      echo "pg_throwaway_start: running as root needs the postgres system user (the postgresql package)" >&2
      return 1
    }
    chown postgres:postgres "$dir"
    _pg_as_owner test -w "$dir" || {
      echo "pg_throwaway_start: the postgres user cannot reach $dir (a parent directory is closed to it)" >&2
      return 1
    }
  fi
  _pg_as_owner "$bin/initdb" -D "$dir" -U "$PG_THROWAWAY_USER" --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >/dev/null || return 1
  # Trusted over the socket in DIR and loopback TCP; nothing else may connect.
  cat >"$dir/pg_hba.conf" <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  # fsync stays on: the tests measure durability. Small shared buffers, many connections (one per
  # server thread and test client).
  cat >>"$dir/postgresql.conf" <<EOF

# pg_throwaway_start (scripts/lib/postgres.sh)
listen_addresses = '${PG_THROWAWAY_LISTEN-127.0.0.1}'
port = $port
unix_socket_directories = '$dir'
fsync = on
synchronous_commit = on
shared_buffers = 32MB
max_connections = 200
EOF
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir/pg_hba.conf" "$dir/postgresql.conf"; fi
  if ! _pg_as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 start >/dev/null; then
    echo "pg_throwaway_start: the server did not start; its log ($dir/server.log):" >&2
    cat "$dir/server.log" >&2
    return 1
  fi
  "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U "$PG_THROWAWAY_USER" -d postgres \
    -c "CREATE DATABASE warpath" >/dev/null
}

pg_throwaway_stop() {
  local dir="${1:?usage: pg_throwaway_stop DIR}"
  [ -d "$dir" ] || return 0
  # Only what pg_throwaway_start made is removed: a cluster directory, or the empty one it leaves
  # when initdb failed.
  if [ ! -f "$dir/PG_VERSION" ] && [ -n "$(ls -A "$dir")" ]; then
    echo "pg_throwaway_stop: $dir is not a PostgreSQL cluster; left alone" >&2
    return 1
  fi
  if [ -f "$dir/postmaster.pid" ]; then
    local bin
    bin="$(pg_bindir)" || return 1
    _pg_as_owner "$bin/pg_ctl" -D "$dir" -m fast -w -t 60 stop >/dev/null || return 1
  fi
  rm -rf "$dir"
}

pg_throwaway_conninfo() {
  local port="${1:?usage: pg_throwaway_conninfo PORT}"
  echo "host=127.0.0.1 port=$port user=$PG_THROWAWAY_USER dbname=warpath"
}

# A free loopback port in 20000-32767, at random so that tests running at once rarely try the same:
# below Linux's ephemeral range (32768-60999), from which every server started with --port 0 (the
# integration tests') draws, so none of those can take it between this check and its use.
pg_free_port() {
  local port _
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 12768))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "pg_free_port: no free port found" >&2
  return 1
}
