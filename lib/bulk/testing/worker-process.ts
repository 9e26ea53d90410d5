/**
 * One PayDesk instance's bulk loop in its own OS process, for lib/bulk/crash.db.test.ts: the test
 * kills it with SIGKILL while the provider holds the answer to one line's Pay-Out
 * (lib/testing/worker-process.ts forks it and says how it starts and stops). It opens
 * the test's Postgres (BULK_DATABASE_URL), talks to the test's sandbox as its merchant
 * (BULK_PROVIDER, JSON: url, orgId, merchantId, submitKey, readKey).
 */
import { openDatabase } from "../../db/client";
import { createPaymentApi } from "../../provider/client";
import { serveWorkerProcess } from "../../testing/worker-process";
import { startBulkWorker } from "../worker";

const url = process.env.BULK_DATABASE_URL;
const provider = process.env.BULK_PROVIDER;
if (!url || !provider) {
  console.error("worker-process: BULK_DATABASE_URL and BULK_PROVIDER are needed");
  process.exit(2);
}
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
serveWorkerProcess(async () => {
  await worker.stop();
  await database.close();
});
