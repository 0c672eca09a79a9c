# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# libpq-dev: the PostgreSQL client library of the second storage backend.
BUILD_PACKAGES=(g++ cmake ninja-build pkg-config libboost1.81-dev nlohmann-json3-dev libsqlite3-dev doctest-dev sqlite3
  libjemalloc-dev libsodium-dev libcurl4-openssl-dev libpq-dev)

# What only the tests need: a real SMTP server for the outbox's tests (tests/support/smtp_sink.py);
# the PostgreSQL server for the throwaway clusters the PostgreSQL tests run against
# (scripts/lib/postgres.sh).
TEST_PACKAGES=(python3-aiosmtpd postgresql)

# What scripts/cluster runs besides the server: PostgreSQL as the shared database, and
# nginx in front of the nodes, the proven reverse proxy that routes each game to one node by
# consistent hashing (`hash ... consistent`) and passes WebSockets through.
CLUSTER_PACKAGES=(postgresql nginx)

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2
    return 1
  fi
}

# Installs the Debian packages given that are not installed yet (one apt-get update, only if needed).
install_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Node.js runs the web client's unit tests; the machine image may already have one of its own.
ensure_node() {
  command -v node >/dev/null || install_packages nodejs
}

# The browser tests (tests/browser) drive Debian's Chromium with the npm package playwright-core,
# pinned by tests/browser/package-lock.json.
BROWSER_TEST_PACKAGES=(chromium)
ensure_browser_test_deps() {
  install_packages "${BROWSER_TEST_PACKAGES[@]}"
  command -v npm >/dev/null || install_packages npm
  (cd "$ROOT/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
}

# The build that serves players (scripts/run): optimised, with the real titles only; the test
# game stays in the test builds (scripts/test).
SERVE_CMAKE_ARGS=(-DCMAKE_BUILD_TYPE=Release -DWARPATH_TEST_GAMES=OFF -DWARPATH_BUILD_TESTS=OFF)

# configure_and_build DIR [cmake args...] -- [targets...]
configure_and_build() {
  local dir="$1"
  shift
  local cmake_args=() targets=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do cmake_args+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  targets=("$@")
  cmake -S "$ROOT" -B "$dir" -G Ninja "${cmake_args[@]}" >/dev/null
  local jobs
  jobs="$(nproc)"
  if [ ${#targets[@]} -gt 0 ]; then
    cmake --build "$dir" -j "$jobs" --target "${targets[@]}"
  else
    cmake --build "$dir" -j "$jobs"
  fi
}

# build_optimised DIR [cmake args...] -- targets...: the optimised build, compiled from a profile
# of its own server playing (CMakeLists.txt, WARPATH_PGO). Builds the same targets and the load
# generator instrumented in DIR-training, trains them (scripts/lib/train_profile.sh) when they are
# not the ones the profile came from, then builds DIR from the profile. WARPATH_PGO=0 in the
# environment builds DIR without one; so does a training that fails, with a warning. The profile's
# settings go ahead of the caller's arguments, which configure_and_build splits.
build_optimised() {
  local dir="$1"
  shift
  if [ "${WARPATH_PGO:-1}" = 0 ]; then
    configure_and_build "$dir" -DWARPATH_PGO=OFF "$@"
    return
  fi
  local training="$dir-training"
  local profile="$training/profile"
  configure_and_build "$training" -DWARPATH_PGO=GENERATE -DWARPATH_PGO_PROFILE="$profile" "$@" warpath-load
  # A profile is counted by the instrumented programs under one training: when either changes, it
  # is counted again.
  local trainer
  trainer=$(cat "$training/server/app/warpath" "$training/bench/warpath-load" "$ROOT/scripts/lib/train_profile.sh" |
    sha256sum | cut -c1-16)
  if [ "$(cat "$profile/trained-with" 2>/dev/null)" != "$trainer" ]; then
    rm -rf "$profile"
    if ! "$ROOT/scripts/lib/train_profile.sh" "$training"; then
      echo "warning: the profile's training failed; building $dir without a profile" >&2
      rm -rf "$profile"
      configure_and_build "$dir" -DWARPATH_PGO=OFF "$@"
      return
    fi
    mkdir -p "$profile"
    echo "$trainer" >"$profile/trained-with"
  fi
  # A new profile recompiles every file of DIR (ninja does not know the counts are inputs).
  local id
  id=$(cat "$profile"/*.gcda | sha256sum | cut -c1-16)
  configure_and_build "$dir" -DWARPATH_PGO=USE -DWARPATH_PGO_PROFILE="$profile" -DWARPATH_PGO_ID="$id" "$@"
}
