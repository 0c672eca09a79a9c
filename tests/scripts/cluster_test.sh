#!/usr/bin/env bash
# scripts/cluster end to end: PostgreSQL, two nodes and nginx start from the one command; through
# nginx the lobby page and a game's record are served, a WebSocket joins the demo game with a seat
# token and plays one move, /node/b/... reaches node b only, the nodes count log-ins per client
# at the address nginx forwards; on TERM everything stops and the temporary directory goes.
# Usage: cluster_test.sh WARPATH_BINARY SCRATCH_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/postgres.sh"
warpath="${1:?usage: cluster_test.sh WARPATH_BINARY SCRATCH_DIR}"
scratch="${2:?usage: cluster_test.sh WARPATH_BINARY SCRATCH_DIR}"
rm -rf "$scratch"
mkdir -p "$scratch"
[ "$(id -u)" = 0 ] && chmod 711 "$scratch"
port="$(pg_free_port)"
out="$scratch/cluster.out"

TMPDIR="$scratch" WARPATH_BIN="$warpath" "$root/scripts/cluster" --port "$port" -- --threads 2 \
  --log-ins-per-ip-per-minute 2 >"$out" 2>&1 &
cluster=$!
# However this ends, the cluster is stopped (its own trap removes everything it started).
stop_cluster() {
  kill -TERM "$cluster" 2>/dev/null || true
  wait "$cluster" 2>/dev/null || true
}
trap stop_cluster EXIT
fail() {
  echo "cluster_test: $*" >&2
  echo "--- scripts/cluster's output:" >&2
  cat "$out" >&2
  exit 1
}
for _ in $(seq 1 600); do
  grep -q "Ctrl-C stops it all" "$out" && break
  kill -0 "$cluster" 2>/dev/null || fail "scripts/cluster exited before the cluster was up"
  sleep 0.1
done
grep -q "Ctrl-C stops it all" "$out" || fail "the cluster did not come up in 60 s"
work="$(find "$scratch" -maxdepth 1 -name 'warpath-cluster.*' -type d)"
[ -d "$work" ] || fail "no temporary directory under $scratch"
url="http://127.0.0.1:$port"

# The lobby page and the demo game's record, through nginx.
# Answers are read whole before grep -q, which stops at its first match (curl would fail).
get() { curl -fsS "$1" || true; }
grep -qi "<html" <<<"$(get "$url/")" || fail "no page at $url/"
game="$(curl -fsS "$url/api/games" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["id"])')" ||
  fail "no game listed at $url/api/games"
grep -q "\"id\":$game" <<<"$(get "$url/api/games/$game")" || fail "GET /api/games/$game through nginx"

# A seat of the demo game (its link printed by node a), joined through nginx by the WebSocket.
link="$(grep -o "http://localhost:$port/game.html?game=$game#seat=[a-z_]*&token=[0-9a-f]*" "$out" | head -n 1)"
[ -n "$link" ] || fail "node a printed no seat link through nginx"
seat="$(sed 's/.*#seat=\([^&]*\)&.*/\1/' <<<"$link")"
token="$(sed 's/.*&token=//' <<<"$link")"
"$root/tests/scripts/ws_join.py" "ws://127.0.0.1:$port/ws?game=$game" --game "$game" --seat "$seat" --token "$token" \
  >"$scratch/join.out" || fail "the WebSocket join through nginx: $(cat "$scratch/join.out")"
grep -q '"type": "snapshot"' "$scratch/join.out" || fail "no snapshot through nginx"

# /node/b/... reaches node b only, and a game's requests all go to one node (nginx's log says
# which node answered each).
address_of() { grep -o "[( ]$1=127.0.0.1:[0-9]*" "$out" | head -n 1 | sed 's/.*=//' || true; }
node_a="$(address_of a)"
node_b="$(address_of b)"
[ -n "$node_a" ] && [ -n "$node_b" ] || fail "the nodes' addresses are not printed"
curl -fsS "$url/node/b/healthz" >/dev/null || fail "GET /node/b/healthz"
grep -q "\"id\":$game" <<<"$(get "$url/node/a/api/games/$game")" || fail "GET /node/a/api/games/$game"
"$root/tests/scripts/ws_join.py" "ws://127.0.0.1:$port/node/b/ws?game=$game" --game "$game" >"$scratch/join-b.out" ||
  fail "the WebSocket join at /node/b: $(cat "$scratch/join-b.out")"
code="$(curl -s -o /dev/null -w '%{http_code}' "$url/node/zz/healthz")"
[ "$code" = 404 ] || fail "an unknown node answered $code, not 404"
for id in $(seq 1 32); do curl -s -o /dev/null "$url/api/games/$id/view"; done
sleep 0.5  # the access log is written as each request ends
log="$work/nginx/access.log"
grep -q "GET /node/b/healthz .* upstream=$node_b " "$log" || fail "/node/b/healthz did not go to node b ($node_b)"
grep -q "GET /node/a/api/games/$game .* upstream=$node_a " "$log" || fail "/node/a/... did not go to node a"
grep -q "GET /node/b/ws?game=$game .* upstream=$node_b " "$log" || fail "/node/b/ws did not go to node b"
ws_node="$(grep "GET /ws?game=$game " "$log" | head -n 1 | sed 's/.*upstream=\([^ ]*\).*/\1/')"
grep -E "GET /api/games/$game( |/)" "$log" | grep -v " upstream=$ws_node " | grep -q . &&
  fail "game $game's requests went to several nodes"
# 32 games' views: both nodes get some (the hash spreads them).
for node in "$node_a" "$node_b"; do
  grep -E "GET /api/games/[0-9]+/view .* upstream=$node " "$log" | grep -q . || fail "no game's view went to $node"
done

# The nodes trust nginx: node a counts log-in attempts per client at the address nginx forwards
# (the one our request names, as we too are on the trusted 127.0.0.1), not per nginx.
attempts=0
log_in_as() {
  attempts=$((attempts + 1))
  curl -s -o /dev/null -w '%{http_code}' -H "X-Forwarded-For: $1" -H 'Content-Type: application/json' \
    -d "{\"login\":\"nobody$attempts\",\"password\":\"wrong\"}" "$url/node/a/api/session"
}
for _ in 1 2; do
  code="$(log_in_as 198.51.100.1)"
  [ "$code" != 429 ] || fail "a client's first log-ins through nginx were refused 429"
done
[ "$(log_in_as 198.51.100.1)" = 429 ] || fail "a client's third log-in in a minute was not refused"
[ "$(log_in_as 198.51.100.2)" != 429 ] || fail "another client's log-in counted against the first one's (nginx's) allowance"

# TERM: everything stops, the temporary directory goes.
stop_cluster
[ ! -e "$work" ] || fail "$work is left after TERM"
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then fail "nginx still listens after TERM"; fi
grep -q "stopping the cluster" "$out" || fail "no clean stop"
rm -rf "$scratch"
echo "cluster: nginx routes to both nodes; WebSocket join and /node/<id> prefix work; TERM cleans up"
