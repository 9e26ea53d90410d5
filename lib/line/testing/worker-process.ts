/**
 * One PayDesk instance's LINE loop in its own OS process, for lib/line/crash.db.test.ts: the test
 * kills it with SIGKILL while the LINE stand-in holds back its answer to a push (lib/testing/worker-process.ts
 * forks it). It opens the test's Postgres (LINE_DATABASE_URL), opens the channel with the key in
 * LINE_VAULT_KEY (hex), and pushes to LINE_API_URL with a lease of LINE_LEASE_MS.
 */
import { openDatabase } from "../../db/client";
import { createKeyVault } from "../../merchants/key-vault";
import { serveWorkerProcess } from "../../testing/worker-process";
import { startLineWorker } from "../worker";

const url = process.env.LINE_DATABASE_URL;
const apiBaseUrl = process.env.LINE_API_URL;
const key = process.env.LINE_VAULT_KEY;
if (!url || !apiBaseUrl || !key) {
  console.error("worker-process: LINE_DATABASE_URL, LINE_API_URL and LINE_VAULT_KEY are needed");
  process.exit(2);
}

const database = await openDatabase({ url, migrate: false, poolSize: 2 });
const worker = startLineWorker({
  db: database.db,
  vault: createKeyVault([Buffer.from(key, "hex")]),
  apiBaseUrl,
  consoleUrl: "https://pay.shop.example",
  pollMs: 50,
  leaseMs: Number(process.env.LINE_LEASE_MS ?? 2_000),
  log: (message) => console.error(`[line worker-process ${process.pid}] ${message}`),
});
serveWorkerProcess(async () => {
  await worker.stop();
  await database.close();
});
