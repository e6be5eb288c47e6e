#!/usr/bin/env bash
# `npm test`: type-check, lint, unit + integration tests (PGlite always; PostgreSQL too when DATABASE_URL
# is set), then end-to-end tests in Debian's Chromium against the production build. Runs on Node.js 24:
# with an older system Node it switches to (or, as root, installs) Node 24 in /usr/local first.
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
# shellcheck source=scripts/node24.sh
. scripts/node24.sh
ensure_node24 || exit 1
reports=$(mktemp -d)

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Chromium is missing: installing it with apt-get..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || exit 1
  else
    echo "npm test needs Chromium at $chromium. Install it with: sudo apt-get install -y chromium"
    exit 1
  fi
fi

# The intake's tests start a real IMAP server (Dovecot, tests/support/dovecot.ts) on their own port.
if [ ! -x "${DOVECOT_PATH:-/usr/sbin/dovecot}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Dovecot is missing: installing it with apt-get..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null || exit 1
  else
    echo "npm test needs Dovecot (an IMAP server) at ${DOVECOT_PATH:-/usr/sbin/dovecot}. Install it with: sudo apt-get install -y dovecot-imapd"
    exit 1
  fi
fi

# The form and staff tests read what the server stored, so the end-to-end server runs on PostgreSQL:
# DATABASE_URL when set, else the machine's local server (started here if it is down, or the one
# command that starts it is printed). The embedded database is covered by the integration tests.
if [ -z "${DATABASE_URL:-}" ]; then
  export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
  echo "DATABASE_URL is not set: the PostgreSQL tests use the local server ($DATABASE_URL)"
fi
node --import tsx tests/wait-for-db.ts || exit 1

set -e
# The types of astro:content (src/content.config.ts) are generated into .astro/, which a fresh clone lacks.
echo "== typecheck"; npx astro sync >/dev/null && npx tsc --noEmit
echo "== lint"; npx eslint . --max-warnings=0
echo "== build"; node server/build.ts --if-needed
set +e
echo "== unit and integration tests (vitest projects: unit, integration)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
unit=$?
echo "== end-to-end tests"
# On a database of this run's own (tests/e2e-database.ts), dropped afterwards.
e2e_url=$(node --import tsx tests/e2e-database.ts create $$)
if [ -n "$e2e_url" ]; then
  DATABASE_URL="$e2e_url" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
  e2e=$?
  node --import tsx tests/e2e-database.ts drop "$e2e_url"
else
  e2e=1
fi
node --import tsx tests/summary.ts "$reports/vitest.json" "$reports/playwright.json"
rm -rf "$reports"
[ $unit -eq 0 ] && [ $e2e -eq 0 ]
