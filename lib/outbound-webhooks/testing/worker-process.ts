/**
 * One PayDesk instance's outbound delivery loop in its own OS process, for
 * lib/outbound-webhooks/crash.db.test.ts: the test kills it with SIGKILL in the middle of a burst
 * (lib/testing/worker-process.ts forks it and says how it starts and stops). It opens the test's
 * Postgres (OUTBOUND_DATABASE_URL) and endpoint secrets with the test's vault key (OUTBOUND_VAULT_KEY, hex).
 */
import { openDatabase } from "../../db/client";
import { createKeyVault } from "../../merchants/key-vault";
import { serveWorkerProcess } from "../../testing/worker-process";
import { startOutboundWorker } from "../worker";

const url = process.env.OUTBOUND_DATABASE_URL;
const key = process.env.OUTBOUND_VAULT_KEY;
if (!url || !key) {
  console.error("worker-process: OUTBOUND_DATABASE_URL and OUTBOUND_VAULT_KEY are needed");
  process.exit(2);
}

const database = await openDatabase({ url, migrate: false, poolSize: 12 });
const worker = startOutboundWorker({
  db: database.db,
  vault: createKeyVault([Buffer.from(key, "hex")]),
  publicBaseUrl: "https://pay.example.com",
  allowPrivate: true,
  isSandbox: true,
  timeoutMs: Number(process.env.OUTBOUND_TIMEOUT_MS ?? 5_000),
  leaseMs: process.env.OUTBOUND_LEASE_MS ? Number(process.env.OUTBOUND_LEASE_MS) : undefined,
  pollMs: Number(process.env.OUTBOUND_POLL_MS ?? 50),
  log: (message) => console.error(`[worker-process ${process.pid}] ${message}`),
});
serveWorkerProcess(async () => {
  await worker.stop();
  await database.close();
});
