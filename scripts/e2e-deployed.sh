#!/usr/bin/env bash
# The end-to-end suite against PayDesk started as a deployment starts it (`npm start`: its own
# data folder, the default provider timeout and rate limit, demo users created at the first start),
# the way QA runs it against a deployed PayDesk (README, Testing): E2E_BASE_URL, E2E_SANDBOX_URL and
# one account per role in E2E_USERS. Specs that cannot run that way must skip, saying why; this run
# keeps them honest. Usage: scripts/e2e-deployed.sh [report.json] [spec …] (default: the specs
# that sign in as each role and drive the customer's pages).
set -uo pipefail
cd "$(dirname "$0")/.."
report="${1:-.test-reports/e2e-deployed-results.json}"
shift || true
specs=("$@")
[ ${#specs[@]} -gt 0 ] || specs=(e2e/approvals.spec.ts e2e/create-permissions.spec.ts e2e/provider-failure-words.spec.ts e2e/requests-detail.spec.ts e2e/checkout.spec.ts e2e/slip-upload.spec.ts e2e/auth.spec.ts)

port="${E2E_DEPLOYED_PORT:-3690}"
sandbox_port="${E2E_DEPLOYED_SANDBOX_PORT:-4690}"
data=".data/e2e-deployed"
rm -rf "$data"
log="$data.log"
# The bundled sandbox (spec profile) has no rate limit, so PayDesk's own 20/10 s budget is off, as
# playwright.config.ts has it: with it, the slip page's anonymous share (a quarter of the budget)
# would answer the suite's many slip links "busy", which is that page's job on a real provider.
DATA_DIR="$data" PORT="$port" SANDBOX_PORT="$sandbox_port" BIND_HOST=127.0.0.1 PAYMENT_API_BASE_URL= PUBLIC_BASE_URL= PAYMENT_API_RATE_LIMIT=off \
  NEXT_TELEMETRY_DISABLED=1 node_modules/.bin/tsx scripts/start.ts >"$log" 2>&1 &
started=$!
stop() { kill -TERM "$started" 2>/dev/null; wait "$started" 2>/dev/null; }
trap stop EXIT

for _ in $(seq 1 120); do
  if [ -f "$data/demo-users.json" ] && curl -fs -o /dev/null "http://127.0.0.1:$port/login"; then break; fi
  if ! kill -0 "$started" 2>/dev/null; then echo "PayDesk did not start:"; cat "$log"; exit 1; fi
  sleep 1
done

E2E_DATA_DIR="$data-states" E2E_BASE_URL="http://127.0.0.1:$port" E2E_SANDBOX_URL="http://127.0.0.1:$sandbox_port" E2E_USERS="$data/demo-users.json" \
  E2E_REPORT="$report" node_modules/.bin/playwright test "${specs[@]}"
