#!/usr/bin/env bash
# The served build's profile (CMakeLists.txt, WARPATH_PGO; scripts/lib/common.sh, build_optimised):
# the training's games still play, each title a second with no error, gap or hash mismatch, against
# the test build's own server and load generator (a training that fails leaves scripts/run to build
# without a profile, with only a warning); and both of the profile's configurations, GENERATE and
# USE, configure and give their compile commands GCC's profile and link-time flags.
# usage: profile_training_test.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib/common.sh"

build="${1:?usage: profile_training_test.sh BUILD_DIR SCRATCH_DIR}"
scratch="${2:?usage: profile_training_test.sh BUILD_DIR SCRATCH_DIR}"
rm -rf "$scratch"
mkdir -p "$scratch"

TMPDIR="$scratch" "$ROOT/scripts/lib/train_profile.sh" "$build" 1

for mode in GENERATE USE; do
  dir="$scratch/$mode"
  cmake -S "$ROOT" -B "$dir" -G Ninja "${SERVE_CMAKE_ARGS[@]}" -DWARPATH_PGO="$mode" \
    -DWARPATH_PGO_PROFILE="$scratch/profile" -DWARPATH_PGO_ID=check >/dev/null
  flag=-fprofile-use
  [ "$mode" = GENERATE ] && flag=-fprofile-generate
  commands="$(ninja -C "$dir" -t commands server/app/warpath)"
  grep -q -- "$flag=$scratch/profile" <<<"$commands" || { echo "WARPATH_PGO=$mode compiles without $flag" >&2; exit 1; }
  grep -q -- "-fprofile-prefix-path=$dir" <<<"$commands" ||
    { echo "WARPATH_PGO=$mode does not name its profile's files from its own folder" >&2; exit 1; }
  grep -q -- "-flto" <<<"$commands" || { echo "WARPATH_PGO=$mode is not link-time optimised" >&2; exit 1; }
done
echo "profile training: every title plays; GENERATE and USE configure"
