#!/usr/bin/env bash
# `npm test`: every test PayDesk has, from a fresh clone. Installs what is missing (npm packages;
# Debian's chromium when root on Debian), type-checks, runs the unit and contract tests (Vitest),
# builds the app, runs the end-to-end tests (Playwright), and prints how long each phase took.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

declare -a PHASES=()
phase_start=0
start_phase() { phase_name="$1"; phase_start=$(date +%s.%N); echo; echo "==> $1"; }
end_phase() {
  local took
  took=$(awk -v a="$phase_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  PHASES+=("$(printf '%-22s %7ss' "$phase_name" "$took")")
}
summary() {
  echo
  echo "==> phase times"
  for p in "${PHASES[@]}"; do echo "    $p"; done
}
fail() { end_phase; summary; echo; echo "npm test: $1" >&2; exit 1; }

# --- dependencies -----------------------------------------------------------------------------
start_phase "install"
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
  # `npm install`, not `npm ci`: a lockfile made here lacks other platforms' binaries (docs/stack-notes.md §6.7).
  npm install --no-audit --no-fund || fail "npm install failed."
else
  echo "node_modules is up to date"
fi
# tsc must be TypeScript 7: an 'npm install <package>' (which runs no postinstall) may have linked
# the linter's TypeScript 6 over it (scripts/link-tsc.mjs says why).
node scripts/link-tsc.mjs || fail "could not link node_modules/.bin/tsc to TypeScript 7."
end_phase

start_phase "chromium"
chromium="${PLAYWRIGHT_CHROMIUM_PATH:-}"
if [ -z "$chromium" ]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then chromium="$candidate"; break; fi
  done
fi
if [ -z "$chromium" ]; then
  if [ "$(id -u)" = "0" ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then
    echo "no Chromium found; installing Debian's chromium package"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || fail "installing Debian's chromium failed."
    chromium=/usr/bin/chromium
  else
    fail "no Chromium found: install one (on Debian, 'sudo apt-get install chromium') or set PLAYWRIGHT_CHROMIUM_PATH to its executable."
  fi
fi
export PLAYWRIGHT_CHROMIUM_PATH="$chromium"
echo "using $chromium ($("$chromium" --version 2>/dev/null | head -n 1))"
end_phase

start_phase "postgresql"
# The storage tests run against PGlite and a real PostgreSQL server (Debian's binaries, started on
# a free port by the test setup and stopped after).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then
    echo "no PostgreSQL server binaries found; installing Debian's postgresql package"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || fail "installing Debian's postgresql failed."
  else
    fail "no PostgreSQL server found: install one (on Debian, 'sudo apt-get install postgresql')."
  fi
fi
echo "using $(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
end_phase

# Reports live outside test-results/, which Playwright empties when it starts.
mkdir -p .test-reports
rm -f .test-reports/unit-results.json .test-reports/e2e-results.json

start_phase "typecheck"
node_modules/.bin/tsc --noEmit -p tsconfig.json || fail "type errors (see above)."
end_phase

# ESLint (Next's rules, React's hooks rules, the import boundaries) and Prettier, no warnings allowed.
start_phase "lint"
npm run --silent lint || fail "ESLint found problems (see above)."
npm run --silent format:check || fail "files are not formatted: run 'npx prettier --write .' and commit."
end_phase

start_phase "unit + contract"
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/unit-results.json
unit_status=$?
end_phase

start_phase "build"
node_modules/.bin/next build || fail "next build failed."
end_phase

start_phase "e2e"
rm -rf .data/e2e
node_modules/.bin/playwright test
e2e_status=$?
end_phase

# The same suite as QA runs it against a deployed PayDesk (a representative part of it), so the
# deployed mode cannot silently break (scripts/e2e-deployed.sh).
start_phase "e2e (deployed mode)"
rm -f .test-reports/e2e-deployed-results.json
bash scripts/e2e-deployed.sh .test-reports/e2e-deployed-results.json
deployed_status=$?
end_phase

summary
echo
node scripts/test-summary.mjs .test-reports/unit-results.json .test-reports/e2e-results.json .test-reports/e2e-deployed-results.json
summary_status=$?
if [ "$unit_status" -ne 0 ] || [ "$e2e_status" -ne 0 ] || [ "$deployed_status" -ne 0 ] || [ "$summary_status" -ne 0 ]; then
  echo "npm test: some tests failed (unit exit $unit_status, e2e exit $e2e_status, deployed-mode e2e exit $deployed_status)." >&2
  exit 1
fi
