/**
 * One PayDesk instance's bulk loop in its own OS process, for lib/bulk/crash.db.test.ts: the test
 * kills it with SIGKILL while the provider holds the answer to one line's Pay-Out, so nothing of it
 * may live in the test's process. Started with `fork(…, { execArgv: ["--import", "tsx",
 * "--conditions=react-server"] })` (react-server: "server-only" loads as an empty module). It opens
 * the test's Postgres (BULK_DATABASE_URL), talks to the test's sandbox as its merchant
 * (BULK_PROVIDER, JSON: url, orgId, merchantId, submitKey, readKey), says "ready" over IPC once the
 * loop runs, and on "stop" stops the loop, closes the database and exits 0.
 */
import { openDatabase } from "../../db/client";
import { createPaymentApi } from "../../provider/client";
import { startBulkWorker } from "../worker";

const url = process.env.BULK_DATABASE_URL;
const provider = process.env.BULK_PROVIDER;
if (!url || !provider || !process.send) {
  console.error("worker-process: BULK_DATABASE_URL, BULK_PROVIDER and an IPC channel are needed");
  process.exit(2);
}
const send = process.send.bind(process);
const merchant = JSON.parse(provider) as { url: string; orgId: string; merchantId: string; submitKey: string; readKey: string };

const database = await openDatabase({ url, migrate: false, poolSize: 4 });
const api = createPaymentApi({ baseUrl: merchant.url, timeoutMs: 120_000, limiter: null }).forMerchant({ ...merchant, label: "Coffee" });
const worker = startBulkWorker({
  db: database.db,
  apiFor: async () => api,
  pollMs: 50,
  leaseMs: Number(process.env.BULK_LEASE_MS ?? 120_000),
  log: (message) => console.error(`[bulk worker-process ${process.pid}] ${message}`),
});
process.on("message", (message) => {
  if (message !== "stop") return;
  void (async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  })();
});
send("ready");
