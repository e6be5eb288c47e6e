#!/usr/bin/env bash
# `npm run worker`, `npm run db:migrate`, `npm run staff:create`, `npm run db:copy-to-postgres`: the programs
# of server/ (worker.ts, migrate.ts, create-staff.ts, copy-to-postgres.ts) as production runs them, like `npm start` runs the server (server/start.sh):
# on Node.js 24, built when the build is not of the current sources (server/build.ts), then the built file
# (dist/app/<name>.mjs) run by plain Node, without a TypeScript transpiler. Arguments are passed on.
# Usage: bash server/run.sh worker|migrate|create-staff|copy-to-postgres [arguments]
set -uo pipefail
name=${1:-}
case "$name" in
  worker | migrate | create-staff | copy-to-postgres) shift ;;
  *) echo "usage: bash server/run.sh worker|migrate|create-staff|copy-to-postgres [arguments]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
# As the server runs (server/main.ts sets it): React and others read it when they load.
export NODE_ENV=production
# shellcheck source=scripts/node24.sh
. scripts/node24.sh
ensure_node24 >&2 || exit 1
# The build's messages go to stderr, so that a program's own output (staff:create's) stays alone on stdout.
node server/build.ts --if-needed --quiet >&2 || exit 1
exec node "${ASTRO_OUT_DIR:-dist}/app/$name.mjs" "$@"
