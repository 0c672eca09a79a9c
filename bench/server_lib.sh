# Shared by bench/run_load.sh and bench/server_instructions.sh: a warpath server for a benchmark,
# on a temporary database and a free port of the loopback, stopped when the script exits.
# shellcheck shell=bash

# start_server NAME BINARY [WRAPPER...]: starts `WRAPPER... BINARY serve` (the wrapper: a tool
# the server runs under, such as valgrind, or nothing) and waits until it listens. Sets $tmp (its
# folder: database, stdout, server.log; a $tmp already made is used, so that the wrapper may
# write there), $pid and $port; exits the script if it does not listen.
start_server() {
  local name=$1 binary=$2
  shift 2
  tmp=${tmp:-$(mktemp -d "${TMPDIR:-/tmp}/warpath-$name-XXXXXX")}
  pid=
  trap stop_server EXIT
  # Both sides hold one descriptor per connection.
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  mkdir "$tmp/web"
  # Every simulated client comes from this one address: the limits meant for a small public
  # server (README, Configuration) would refuse most of them.
  local big=1000000
  "$@" "$binary" serve --port 0 --bind 127.0.0.1 --db "$tmp/warpath.db" --web "$tmp/web" --no-demo \
    --max-connections "$big" --max-connections-per-ip "$big" --max-rooms "$big" --games-per-ip-per-minute "$big" \
    >"$tmp/stdout" 2>"$tmp/server.log" &
  pid=$!
  local line=
  for _ in $(seq 600); do
    line=$(grep -m1 '^warpath listening on http://' "$tmp/stdout" || true)
    [[ -n $line ]] && break
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name: the server exited before listening; its log:" >&2
      cat "$tmp/server.log" >&2
      exit 1
    fi
    sleep 0.1
  done
  if [[ -z $line ]]; then
    echo "$name: the server did not announce its port within 60 s; its log:" >&2
    tail -n 50 "$tmp/server.log" >&2
    exit 1
  fi
  port=${line##*:}
  port=${port%%/*}
}

# Stops the server if it still runs, and removes its folder.
stop_server() {
  if [[ -n ${pid:-} ]] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  pid=
  [[ -n ${tmp:-} ]] && rm -rf "$tmp"
}
