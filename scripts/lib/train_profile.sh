#!/usr/bin/env bash
# The training of the served build's profile (CMakeLists.txt, WARPATH_PGO; build_optimised in
# scripts/lib/common.sh): runs the instrumented server of a GENERATE build under the load
# generator, each title in turn, players and spectators over WebSockets, so that the server's
# counters, written to the build's profile folder when it exits, describe the moves of real games.
# The generator is instrumented too (it shares the server's libraries): its own counters are
# written elsewhere and dropped, or its way of using the protocol would weigh in the profile.
#
# usage: scripts/lib/train_profile.sh BUILD_DIR [SECONDS]
#   SECONDS: every title for that long instead of its own time (tests/scripts/profile_training_test.sh
#   runs the training's games briefly in a build without counters, to check they still play).
set -euo pipefail

build=${1:?usage: train_profile.sh BUILD_DIR [SECONDS]}
only_seconds=${2:-}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpath-training-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# GCOV_PREFIX puts a program's counter files under another folder (GCC's gcov runtime).
cat >"$tmp/load" <<EOF
#!/bin/sh
GCOV_PREFIX="$tmp/generator-counters" exec "$build/bench/warpath-load" "\$@"
EOF
chmod +x "$tmp/load"

# Each title with its rooms and seconds: the weight of a title's code in the profile follows them.
# Wilderness War, what the site plays most, has the most; Small Wars: Mohicans' moves cost many
# times a Wilderness War move in the rules alone, so a few of its rooms suffice to be counted.
runs=("wilderness-war annus_mirabilis 100 16" "wilderness-war full_campaign 100 6" "mohicans campaign 30 3")
grep -q '^WARPATH_TEST_GAMES:BOOL=ON' "$build/CMakeCache.txt" && runs+=("test-duel standard 30 2")
for run in "${runs[@]}"; do
  read -r title scenario rooms seconds <<<"$run"
  seconds=${only_seconds:-$seconds}
  echo "training the profile: $title ($scenario), $rooms rooms for $seconds s"
  # Saturated: the players move as soon as their patch arrives, so the training is the server's
  # hot path, with a batch of moves in every commit.
  WARPATH_LOAD="$tmp/load" "$ROOT/bench/run_load.sh" "$build/server/app/warpath" "$rooms" 2 "$seconds" \
    --title "$title" --scenario "$scenario" >"$tmp/report.json"
  for figure in '"errors":0' '"gaps":0' '"hash_mismatches":0'; do
    grep -q "$figure" "$tmp/report.json" || {
      echo "train_profile.sh: the training load went wrong: $(cat "$tmp/report.json")" >&2
      exit 1
    }
  done
  grep -q '"moves":[1-9]' "$tmp/report.json" || { echo "train_profile.sh: no move was played" >&2; exit 1; }
done
