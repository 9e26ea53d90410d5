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
# The end-to-end tests drive Chromium's headless shell (Debian's chromium-headless-shell): the same
# engine as Chromium at about half its CPU per test (docs/DESIGN.md §19). Chromium itself does when
# the shell cannot be had; PLAYWRIGHT_CHROMIUM_PATH picks another executable.
chromium="${PLAYWRIGHT_CHROMIUM_PATH:-}"
can_apt=false
if [ "$(id -u)" = "0" ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then can_apt=true; fi
if [ -z "$chromium" ] && [ ! -x /usr/bin/chromium-headless-shell ] && $can_apt; then
  echo "no Chromium headless shell found; installing Debian's chromium-headless-shell package"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) ||
    echo "installing chromium-headless-shell failed; the tests use Chromium itself"
fi
if [ -z "$chromium" ]; then
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then chromium="$candidate"; break; fi
  done
fi
if [ -z "$chromium" ]; then
  if $can_apt; then
    echo "no Chromium found; installing Debian's chromium package"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || fail "installing Debian's chromium failed."
    chromium=/usr/bin/chromium
  else
    fail "no Chromium found: install one (on Debian, 'sudo apt-get install chromium-headless-shell') or set PLAYWRIGHT_CHROMIUM_PATH to its executable."
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
rm -f .test-reports/unit-results.json .test-reports/e2e-results.json .test-reports/e2e-deployed-results.json .test-reports/phases-*.txt

# Two lanes share the two cores (docs/DESIGN.md §10 says why this split):
#   app:    build → e2e → e2e (deployed mode)   — each step needs the one before it
#   checks: typecheck → lint → Vitest          — none needs the build
# Most of either lane waits on sockets, timers, child processes and browsers rather than computing,
# so running them side by side finishes far sooner than one after the other. The build skips its own
# type check (the checks lane runs the same tsc over the same files). The checks lane's output goes
# to .test-reports/checks.log and is printed when it ends; the app lane prints as it goes.
timed() {
  # timed <lane> <phase name> <command …>: runs the command, appends "<phase> <seconds> <exit>" to the lane's file.
  local lane="$1" name="$2"; shift 2
  local started ended status
  started=$(date +%s.%N)
  echo; echo "==> $name"
  "$@"
  status=$?
  ended=$(date +%s.%N)
  awk -v n="$name" -v a="$started" -v b="$ended" -v s="$status" 'BEGIN { printf "%s\t%.1f\t%d\n", n, b - a, s }' >>".test-reports/phases-$lane.txt"
  return $status
}

checks_lane() {
  timed checks "typecheck" node_modules/.bin/tsc --noEmit -p tsconfig.json || return 1
  # ESLint (Next's rules, React's hooks rules, the import boundaries) and Prettier, no warnings allowed.
  timed checks "lint" bash -c 'npm run --silent lint && npm run --silent format:check' || return 1
  timed checks "unit + contract" node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/unit-results.json
}

app_lane() {
  PAYDESK_TYPECHECKED=1 timed app "build" node_modules/.bin/next build || return 1
  rm -rf .data/e2e
  timed app "e2e" node_modules/.bin/playwright test
  local e2e=$?
  # What is about a deployed PayDesk, run as QA runs it against one (scripts/e2e-deployed.sh).
  timed app "e2e (deployed mode)" bash scripts/e2e-deployed.sh .test-reports/e2e-deployed-results.json
  local deployed=$?
  [ "$e2e" -eq 0 ] && [ "$deployed" -eq 0 ]
}

lanes_started=$(date +%s)
checks_lane >.test-reports/checks.log 2>&1 &
checks_pid=$!
app_lane
app_status=$?
wait "$checks_pid"
checks_status=$?
echo
echo "==> the checks lane (typecheck, lint, Vitest), as it printed"
cat .test-reports/checks.log

summary
echo "    (the two lanes ran side by side: $(( $(date +%s) - lanes_started ))s for both)"
for lane in checks app; do
  [ -f ".test-reports/phases-$lane.txt" ] || continue
  while IFS=$'\t' read -r name took status; do
    printf '    %-22s %7ss%s   (%s lane)\n' "$name" "$took" "$([ "$status" = 0 ] || echo "  exit $status")" "$lane"
  done <".test-reports/phases-$lane.txt"
done
echo
node scripts/test-summary.mjs .test-reports/unit-results.json .test-reports/e2e-results.json .test-reports/e2e-deployed-results.json
summary_status=$?
if [ "$checks_status" -ne 0 ] || [ "$app_status" -ne 0 ] || [ "$summary_status" -ne 0 ]; then
  echo "npm test: something failed (checks lane exit $checks_status, app lane exit $app_status; the phase list above says which step)." >&2
  exit 1
fi
