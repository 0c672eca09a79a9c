#!/usr/bin/env bash
# What a move costs the server in user-space instructions, which do not depend on how busy the
# machine is (docs/PERFORMANCE.md): starts `warpath serve` under callgrind with instrumentation
# off, runs warpath-load against it, switches it on once every seat is ready (as the load
# generator's CPU figures count from then: creating the games and loading their rooms are not a
# move's cost), and prints one JSON object: the moves committed since, every thread's
# instructions per move, and the part of them spent in the feed, the commit thread, preparing the
# move (the rules, the legality check, the record) and the confirm trials (each the inclusive cost
# of one function, not of the lambdas in it; null when the build inlined the function). The load's
# games follow its timing, so two runs play different moves:
# compare binaries over several runs, or use warpath-feed-bench for the feed alone. Builds nothing.
#
# usage: bench/server_instructions.sh WARPATH_BINARY [ROOMS] [SECONDS] [warpath-load options...]
#   warpath-load is looked up in $WARPATH_LOAD, then next to the binary's build tree.
#   WARPATH_CALLGRIND_OUT=FILE keeps callgrind's output there, to read with callgrind_annotate.
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
binary=$1
rooms=${2:-20}
seconds=${3:-20}
shift $(($# < 3 ? $# : 3))
load=${WARPATH_LOAD:-$(dirname "$binary")/../../bench/warpath-load}
for tool in valgrind callgrind_control callgrind_annotate curl; do
  command -v "$tool" >/dev/null || {
    echo "server_instructions.sh: $tool is needed (Debian: valgrind, curl)" >&2
    exit 1
  }
done

# shellcheck source=bench/server_lib.sh
source "$(dirname "$0")/server_lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpath-instructions-XXXXXX")
start_server server_instructions.sh "$binary" valgrind --tool=callgrind --instr-atstart=no \
  --callgrind-out-file="$tmp/callgrind.out"

committed() { curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "warpath_moves_committed_total" {print $2}'; }
"$load" --host 127.0.0.1 --port "$port" --rooms "$rooms" --spectators 2 --seconds "$seconds" "$@" \
  >"$tmp/load.json" 2>"$tmp/load.err" &
load_pid=$!
until grep -q '^playing:' "$tmp/load.err" || ! kill -0 "$load_pid" 2>/dev/null; do sleep 0.2; done
callgrind_control -i on "$pid" >/dev/null 2>&1
moves_before=$(committed)
load_status=0
wait "$load_pid" || load_status=$?
cat "$tmp/load.err" >&2
((load_status == 0)) || exit "$load_status"
moves=$(($(committed) - moves_before))
kill -TERM "$pid"
wait "$pid" || true
pid=

callgrind_annotate --inclusive=yes "$tmp/callgrind.out" >"$tmp/annotated.txt" 2>/dev/null
[[ -n ${WARPATH_CALLGRIND_OUT:-} ]] && cp "$tmp/callgrind.out" "$WARPATH_CALLGRIND_OUT"
python3 - "$tmp/annotated.txt" "$moves" <<'EOF'
import json, re, sys
text = open(sys.argv[1]).read()
moves = float(sys.argv[2])
def inclusive(pattern):
    best = 0
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s.*?" + pattern, line)
        if m and "{lambda" not in line:  # the function itself, not a lambda written in it
            best = max(best, int(m.group(1).replace(",", "")))
    return best
total = inclusive(r"PROGRAM TOTALS")
parts = {
    "feed": r"GameFeed::advance\(",
    "commit_thread": r"CommitQueue::run\(",
    "prepare": r"Room::start_commit\(",
    "confirm_trials": r"engine::irreversible_actions\(",
}
# null: the function is not in callgrind's output under its name (a build from a profile may inline it).
print(json.dumps({"moves": int(moves), "instructions_per_move": round(total / moves),
                  **{k + "_per_move": round(inclusive(p) / moves) or None for k, p in parts.items()}}))
EOF
