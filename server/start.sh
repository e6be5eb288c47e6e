#!/usr/bin/env bash
# `npm start`: the production server on Node.js 24: builds when the build is not of the current sources
# (server/build.ts, run by Node's own type stripping), then runs the built server (dist/app/main.mjs). On a machine whose node is older (these
# machines ship Node 20, which Astro refuses), it switches to Node 24 in /usr/local, installing it from the npm
# registry when run as root, or stops with the one command that fixes it (scripts/node24.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
# shellcheck source=scripts/node24.sh
. scripts/node24.sh
ensure_node24 >&2 || exit 1
node server/build.ts --if-needed --quiet || exit 1
# Node's flags for the server (server/node-flags): a young generation of 8 MB a half instead of the tens of
# MB V8 takes on a large machine keeps the resident memory near what the server holds (README "Memory").
read -r -a node_flags < server/node-flags
exec node "${node_flags[@]}" "${ASTRO_OUT_DIR:-dist}/app/main.mjs" "$@"
