#!/usr/bin/env bash
# Failover of a cluster under load (docs/ARCHITECTURE.md, "Several nodes"): PostgreSQL, two nodes
# and nginx on loopback; warpath-load --cluster plays ROOMS rooms of scripted players through
# nginx while one node is killed (kill -9) every INTERVAL seconds, KILLS times, the two in turn,
# each started again after a lease time so that its games first move to the other node. Then:
#   - every acknowledged action is in the history, at the version it was acknowledged with;
#   - `warpath replay --all` passes: no game has a forked history or a second writer's move;
#   - the clients reconnected and went on: moves after the last kill, and every room that lost a
#     player's connection moved again within 15 s (failover_ms, longest_open_outage_ms);
#   - no patch or snapshot disagreed with its hash, no log gap.
# Usage: failover_test.sh WARPATH WARPATH_LOAD SCRATCH [ROOMS] [KILLS] [INTERVAL]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/postgres.sh"
source "$root/scripts/lib/nginx.sh"
source "$root/scripts/lib/cluster.sh"
usage="usage: failover_test.sh WARPATH WARPATH_LOAD SCRATCH [ROOMS] [KILLS] [INTERVAL]"
warpath="${1:?$usage}"
load="${2:?$usage}"
scratch="${3:?$usage}"
rooms="${4:-500}"
kills="${5:-10}"
interval="${6:-20}"
ttl_ms=8000  # the nodes' default --lease-ttl-ms
failover_limit_ms=15000
rm -rf "$scratch"
mkdir -p "$scratch"
[ "$(id -u)" = 0 ] && chmod 711 "$scratch"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

CLUSTER_WORK="$scratch"
CLUSTER_WARPATH="$warpath"
CLUSTER_FLAGS=(--no-demo --web "$scratch/web" --threads 2 "${CLUSTER_LOAD_LIMITS[@]}")
mkdir -p "$scratch/web"
load_pid=
finish() {
  [ -n "$load_pid" ] && kill "$load_pid" 2>/dev/null || true
  cluster_stop
}
trap finish EXIT
fail() {
  echo "failover_test: $*" >&2
  for log in "$scratch"/node-*/node.log; do
    echo "--- the end of $log:" >&2
    tail -n 30 "$log" >&2
  done
  [ -f "$scratch/load.err" ] && { echo "--- warpath-load's errors:" >&2; tail -n 30 "$scratch/load.err" >&2; }
  exit 1
}

CLUSTER_NGINX_PORT="$(pg_free_port)"
cluster_postgres_start || fail "PostgreSQL did not start"
cluster_node_start a || fail "node a did not start"
cluster_node_start b || fail "node b did not start"
cluster_nginx_start "$CLUSTER_NGINX_PORT" || fail "nginx did not start"

# The play lasts through every kill, and a lease time and more after the last.
seconds=$((kills * interval + 25))
"$load" --host 127.0.0.1 --port "$CLUSTER_NGINX_PORT" --rooms "$rooms" --spectators 0 --seconds "$seconds" \
  --think-ms 500 --cluster --acked-out "$scratch/acked.jsonl" >"$scratch/report.json" 2>"$scratch/load.err" &
load_pid=$!
for _ in $(seq 1 1200); do
  grep -q "^playing:" "$scratch/load.err" && break
  kill -0 "$load_pid" 2>/dev/null || fail "warpath-load ended before play began"
  sleep 0.1
done
grep -q "^playing:" "$scratch/load.err" || fail "the rooms were not seated in 120 s"

# Every INTERVAL s a node dies, a and b in turn; it starts again a lease time and a second later,
# so that the other node has taken its games over by then.
start="$(date +%s)"
for ((k = 0; k < kills; k++)); do
  until [ "$(date +%s)" -ge $((start + (k + 1) * interval)) ]; do sleep 0.2; done
  victim=a
  [ $((k % 2)) = 1 ] && victim=b
  kill -9 "${CLUSTER_PID[$victim]}"
  wait "${CLUSTER_PID[$victim]}" 2>/dev/null || true
  echo "kill $((k + 1)) of $kills: node $victim at $(date +%T)"
  sleep $((ttl_ms / 1000 + 1))
  kill -0 "$load_pid" 2>/dev/null || fail "warpath-load ended during the kills: $(cat "$scratch/report.json")"
  cluster_node_start "$victim" || fail "node $victim did not start again"
done
wait "$load_pid" || fail "warpath-load failed: $(cat "$scratch/report.json")"
load_pid=
nginx_cluster_stop "$scratch/nginx" || true
for id in a b; do kill -TERM "${CLUSTER_PID[$id]}" 2>/dev/null || true; done
for id in a b; do wait "${CLUSTER_PID[$id]}" 2>/dev/null || true; done

report="$(cat "$scratch/report.json")"
echo "warpath-load: $report"
python3 - "$scratch/report.json" "$failover_limit_ms" "$kills" <<'EOF' || fail "the clients' report"
import json, sys
r = json.load(open(sys.argv[1]))
limit = float(sys.argv[2])
kills = int(sys.argv[3])
c = r["cluster"]
problems = []
if r["moves"] < 1000: problems.append(f"only {r['moves']} moves acknowledged")
for key in ("hash_mismatches", "snapshot_hash_mismatches", "log_gaps"):
    if r[key]: problems.append(f"{key}: {r[key]}")
if c["disconnects"] + c["moved_frames"] < kills: problems.append("the kills cut no connection")
if c["rejoins"] == 0: problems.append("no seat joined again")
if c["failover_ms"]["max"] > limit: problems.append(f"a room moved again only after {c['failover_ms']['max']:.0f} ms")
if c["longest_open_outage_ms"] > limit:
    problems.append(f"{c['open_outages']} room(s) never moved again, one for {c['longest_open_outage_ms']:.0f} ms")
if c["acked_out_lines"] != r["moves"] or "acked_out" in r["error_codes"]:
    problems.append("not every acknowledged move was written out")
for p in problems: print("failover_test:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

# Every acknowledged action is in the history, as acknowledged.
psql="$(pg_bindir)/psql"
db_args=(-h 127.0.0.1 -p "$CLUSTER_PG_PORT" -U "$PG_THROWAWAY_USER" -d warpath -X -q -v ON_ERROR_STOP=1)
"$psql" "${db_args[@]}" -c "\\copy (SELECT game_id, seq, role, verb, arg FROM moves) TO '$scratch/moves.csv' CSV" ||
  fail "the history could not be read"
python3 - "$scratch/acked.jsonl" "$scratch/moves.csv" <<'EOF' || fail "acknowledged moves are missing from the history"
import csv, json, sys
stored = {}
for game, seq, role, verb, arg in csv.reader(open(sys.argv[2], newline="")):
    stored[(int(game), int(seq))] = (role, verb, json.loads(arg))
missing = wrong = acked = 0
for line in open(sys.argv[1]):
    a = json.loads(line)
    acked += 1
    got = stored.get((a["game"], a["seq"]))
    if got is None:
        missing += 1
        if missing <= 5: print("not stored:", line.strip(), file=sys.stderr)
    elif got != (a["role"], a["verb"], a["arg"]):
        wrong += 1
        if wrong <= 5: print("stored otherwise:", line.strip(), "->", got, file=sys.stderr)
print(f"{acked} acknowledged moves, {len(stored)} stored; {missing} missing, {wrong} different")
sys.exit(1 if missing or wrong or acked == 0 else 0)
EOF

# No forked history, no second writer: every game replays from move 0 to its stored version.
"$warpath" replay --db "$CLUSTER_DB" --all >"$scratch/replay.out" || fail "warpath replay --all: $(head -c 2000 "$scratch/replay.out")"
echo "replay: $(tail -n 1 "$scratch/replay.out")"
grep -c "gave up" "$scratch"/node-*/node.log | sed 's/^/restarts giving leases up: /' || true
echo "failover: $kills kills of $rooms rooms' nodes; every acknowledged move stored, every game replays, failover within 15 s"
trap - EXIT
cluster_stop
rm -rf "$scratch"
