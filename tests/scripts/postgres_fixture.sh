#!/usr/bin/env bash
# The ctest fixture of the tests that run against PostgreSQL (tests/CMakeLists.txt): `start DIR
# PORT` starts a throwaway cluster in DIR reachable through its socket only (no TCP port to clash
# with another run), after removing one a killed run may have left; `stop DIR` removes it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/postgres.sh"
case "${1:-}" in
  start)
    pg_throwaway_stop "$2"
    PG_THROWAWAY_LISTEN='' pg_throwaway_start "$2" "$3"
    ;;
  stop) pg_throwaway_stop "$2" ;;
  *)
    echo "usage: postgres_fixture.sh start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
