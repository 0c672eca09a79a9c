#!/usr/bin/env bash
# Starts a warpath server on a temporary database and a free port, runs warpath-load against it,
# prints the load generator's JSON report on stdout and stops the server. Builds nothing.
#
# usage: bench/run_load.sh WARPATH_BINARY [ROOMS] [SPECTATORS] [SECONDS] [warpath-load options...]
#   warpath-load is looked up in $WARPATH_LOAD, next to the binary's build tree, then on PATH.
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
binary=$1
rooms=${2:-10}
spectators=${3:-2}
seconds=${4:-10}
shift $(($# < 4 ? $# : 4))

load=${WARPATH_LOAD:-}
if [[ -z $load ]]; then
  for candidate in "$(dirname "$binary")/../../bench/warpath-load" "$(dirname "$binary")/warpath-load"; do
    if [[ -x $candidate ]]; then
      load=$candidate
      break
    fi
  done
fi
if [[ -z $load ]]; then load=$(command -v warpath-load || true); fi
if [[ -z $load ]]; then
  echo "run_load.sh: warpath-load not found; build it or set WARPATH_LOAD" >&2
  exit 1
fi

# shellcheck source=bench/server_lib.sh
source "$(dirname "$0")/server_lib.sh"
start_server run_load.sh "$binary"

status=0
"$load" --host 127.0.0.1 --port "$port" --rooms "$rooms" --spectators "$spectators" --seconds "$seconds" \
  --server-pid "$pid" "$@" || status=$?

kill -TERM "$pid"
if ! wait "$pid"; then
  echo "run_load.sh: the server did not exit cleanly on SIGTERM; the end of its log:" >&2
  tail -n 20 "$tmp/server.log" >&2
  status=1
fi
pid=
exit "$status"
