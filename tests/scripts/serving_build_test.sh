#!/usr/bin/env bash
# The build scripts/run serves from must not contain the platform's test game: a real
# site's lobby would offer it; it must contain both real titles, Wilderness War and Small Wars:
# Mohicans. Configures that build (its arguments come from scripts/lib/common.sh, as scripts/run
# takes them) in a scratch directory and checks what the warpath binary is made of.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib/common.sh"

dir="${1:?usage: serving_build_test.sh SCRATCH_DIR}"
rm -rf "$dir"
cmake -S "$ROOT" -B "$dir" -G Ninja "${SERVE_CMAKE_ARGS[@]}" >/dev/null
inputs="$(ninja -C "$dir" -t query server/app/warpath)"
if grep -q "test_game" <<<"$inputs"; then
  echo "the serving build links the test game:" >&2
  grep "test_game" <<<"$inputs" >&2
  exit 1
fi
if ninja -C "$dir" -t commands server/app/warpath | grep -q "WARPATH_WITH_TEST_GAMES"; then
  echo "the serving build compiles the warpath binary with WARPATH_WITH_TEST_GAMES" >&2
  exit 1
fi
grep -q "engine_wilderness_war" <<<"$inputs" || { echo "the serving build lacks Wilderness War" >&2; exit 1; }
grep -q "engine_mohicans" <<<"$inputs" || { echo "the serving build lacks Small Wars: Mohicans" >&2; exit 1; }
echo "serving build: real titles only"
