#!/usr/bin/env bash
# Deployed mode: the end-to-end tests about a deployed PayDesk (tagged @deployed: each role's
# sign-in and permissions, the customer's checkout and slip pages, headers, no keys in the browser,
# the provider's failure words, approvals), run the way QA runs them (README, Testing) against
# PayDesk started as a deployment starts it (`npm start`: its own data folder, demo users created at
# the first start, the default provider timeout and the provider's rate limit on):
# E2E_BASE_URL, E2E_SANDBOX_URL and one account per role in E2E_USERS. Tests that need a setting
# such a PayDesk lacks skip, saying why (e2e/support/deployment.ts).
# Usage: scripts/e2e-deployed.sh [report.json] [spec or Playwright option …] — with specs, those
# specs whole instead of the tagged tests (`e2e` runs the whole suite this way).
set -uo pipefail
cd "$(dirname "$0")/.."
report="${1:-.test-reports/e2e-deployed-results.json}"
shift || true
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--grep @deployed)

port="${E2E_DEPLOYED_PORT:-3690}"
sandbox_port="${E2E_DEPLOYED_SANDBOX_PORT:-4690}"
data=".data/e2e-deployed"
rm -rf "$data" "$data-states"
mkdir -p "$(dirname "$data")"
log="$data.log"
DATA_DIR="$data" PORT="$port" SANDBOX_PORT="$sandbox_port" BIND_HOST=127.0.0.1 PAYMENT_API_BASE_URL= PUBLIC_BASE_URL= \
  NEXT_TELEMETRY_DISABLED=1 node --import tsx scripts/start.ts >"$log" 2>&1 &
started=$!
stop() { kill -TERM "$started" 2>/dev/null; wait "$started" 2>/dev/null; }
trap stop EXIT

for _ in $(seq 1 120); do
  if [ -f "$data/demo-users.json" ] && curl -fs -o /dev/null "http://127.0.0.1:$port/login"; then break; fi
  if ! kill -0 "$started" 2>/dev/null; then echo "PayDesk did not start:"; cat "$log"; exit 1; fi
  sleep 1
done

E2E_DATA_DIR="$data-states" E2E_BASE_URL="http://127.0.0.1:$port" E2E_SANDBOX_URL="http://127.0.0.1:$sandbox_port" E2E_USERS="$data/demo-users.json" \
  E2E_REPORT="$report" node_modules/.bin/playwright test "${args[@]}"
