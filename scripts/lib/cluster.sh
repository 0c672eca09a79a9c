# A Warpath cluster on this machine: a throwaway PostgreSQL, Warpath nodes on it and nginx in
# front (scripts/cluster, the failover test, scripts/bench-cluster). Source this file (with
# postgres.sh and nginx.sh), set CLUSTER_WORK (a directory of its own) and CLUSTER_WARPATH (the
# binary), then:
# CLUSTER_NGINX_PORT, when set early, is kept from PostgreSQL and the nodes.
#   cluster_postgres_start         PostgreSQL in $CLUSTER_WORK/postgres; CLUSTER_DB is its URL,
#                                  CLUSTER_PG_PORT its port
#   cluster_node_start ID [FLAGS]  starts (or starts again, on the port it had) `warpath serve
#                                  --node-id ID --trusted-proxies 127.0.0.1` on CLUSTER_DB with
#                                  CLUSTER_FLAGS and FLAGS (which override it), in
#                                  $CLUSTER_WORK/node-ID, and waits until it listens; its pid in
#                                  CLUSTER_PID[ID], its port in CLUSTER_PORT[ID]. Its output goes
#                                  to $CLUSTER_WORK/node-ID/node.log (appended), or with
#                                  CLUSTER_OUTPUT=terminal to ours, each line marked with the node
#   cluster_nginx_start PORT       nginx on 127.0.0.1:PORT in front of every node started
#   cluster_stop                   nginx, the nodes (TERM) and PostgreSQL stop
# shellcheck shell=bash

CLUSTER_DB=
CLUSTER_PG_PORT=
CLUSTER_NGINX_PORT=${CLUSTER_NGINX_PORT:-}
CLUSTER_OUTPUT=${CLUSTER_OUTPUT:-files}
CLUSTER_FLAGS=()
# For a load generator's thousands of connections from one address (the failover test, the
# benchmark): the limits meant for a small public server would refuse most of them.
CLUSTER_LOAD_LIMITS=(--max-connections 1000000 --max-connections-per-ip 1000000 --max-rooms 1000000
  --games-per-ip-per-minute 1000000)
CLUSTER_IDS=()
declare -A CLUSTER_PID=()
declare -A CLUSTER_PORT=()

cluster_postgres_start() {
  CLUSTER_PG_PORT="$(_cluster_new_port)"
  pg_throwaway_start "$CLUSTER_WORK/postgres" "$CLUSTER_PG_PORT" || return 1
  CLUSTER_DB="postgresql://$PG_THROWAWAY_USER@127.0.0.1:$CLUSTER_PG_PORT/warpath"
}

# A free port that none of ours was given (nodes not listening for the moment keep theirs).
_cluster_new_port() {
  local port taken=" ${CLUSTER_PORT[*]} $CLUSTER_PG_PORT $CLUSTER_NGINX_PORT "
  port="$(pg_free_port)"
  while [[ "$taken" == *" $port "* ]]; do port="$(pg_free_port)"; done
  echo "$port"
}

cluster_node_start() {
  local id="${1:?usage: cluster_node_start ID [FLAGS...]}"
  shift
  local port="${CLUSTER_PORT[$id]:-}"
  if [ -z "$port" ]; then
    port="$(_cluster_new_port)"
    CLUSTER_IDS+=("$id")
  fi
  CLUSTER_PORT[$id]="$port"
  local dir="$CLUSTER_WORK/node-$id" bin
  bin="$(realpath "$CLUSTER_WARPATH")"
  mkdir -p "$dir"
  # Every connection a node gets comes from nginx on 127.0.0.1: trusted, so that the limits per
  # address count the client nginx names in X-Forwarded-For (CLUSTER_FLAGS and FLAGS may say
  # otherwise: the last --trusted-proxies given counts).
  local flags=(serve --db "$CLUSTER_DB" --port "$port" --bind 127.0.0.1 --node-id "$id" --trusted-proxies 127.0.0.1
    "${CLUSTER_FLAGS[@]}" "$@")
  # Its own working directory (var/mail of a node on PostgreSQL).
  if [ "$CLUSTER_OUTPUT" = terminal ]; then
    # Each line marked with the node, to its last line (Ctrl-C reaches the node, not the marker).
    (cd "$dir" && exec "$bin" "${flags[@]}") > >(trap '' INT TERM; exec sed -u "s/^/[node $id] /") 2>&1 &
  else
    (cd "$dir" && exec "$bin" "${flags[@]}") >>"$dir/node.log" 2>&1 &
  fi
  CLUSTER_PID[$id]=$!
  local _
  for _ in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    if ! kill -0 "${CLUSTER_PID[$id]}" 2>/dev/null; then
      local where="in $dir/node.log"
      [ "$CLUSTER_OUTPUT" = terminal ] && where="above"
      echo "cluster: node $id exited; see its log $where" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "cluster: node $id does not listen on port $port" >&2
  return 1
}

cluster_nginx_start() {
  local port="${1:?usage: cluster_nginx_start PORT}" id upstreams=()
  for id in "${CLUSTER_IDS[@]}"; do upstreams+=("$id=127.0.0.1:${CLUSTER_PORT[$id]}"); done
  nginx_cluster_start "$CLUSTER_WORK/nginx" "$port" "${upstreams[@]}"
}

cluster_stop() {
  nginx_cluster_stop "$CLUSTER_WORK/nginx" || true
  local id
  for id in "${CLUSTER_IDS[@]}"; do kill -TERM "${CLUSTER_PID[$id]}" 2>/dev/null || true; done
  for id in "${CLUSTER_IDS[@]}"; do wait "${CLUSTER_PID[$id]}" 2>/dev/null || true; done
  [ -n "$CLUSTER_DB" ] && { pg_throwaway_stop "$CLUSTER_WORK/postgres" || true; }
  return 0
}
