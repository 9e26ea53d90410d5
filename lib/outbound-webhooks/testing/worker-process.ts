/**
 * One PayDesk instance's outbound delivery loop in its own OS process, for lib/outbound-webhooks/crash.db.test.ts:
 * the test kills it with SIGKILL in the middle of a burst, so nothing of it may live in the test's
 * process. Started with `fork(…, { execArgv: ["--import", "tsx", "--conditions=react-server"] })`
 * (react-server: the modules import "server-only", which loads as an empty module only under that
 * condition, as bench/ does). It opens the test's Postgres (OUTBOUND_DATABASE_URL), opens endpoint
 * secrets with the test's vault key (OUTBOUND_VAULT_KEY, hex), says "ready" over IPC once the loop
 * runs, and on "stop" stops the loop, closes the database and exits 0.
 */
import { openDatabase } from "../../db/client";
import { createKeyVault } from "../../merchants/key-vault";
import { startOutboundWorker } from "../worker";

const url = process.env.OUTBOUND_DATABASE_URL;
const key = process.env.OUTBOUND_VAULT_KEY;
if (!url || !key || !process.send) {
  console.error("worker-process: OUTBOUND_DATABASE_URL, OUTBOUND_VAULT_KEY and an IPC channel are needed");
  process.exit(2);
}
const send = process.send.bind(process);

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
process.on("message", (message) => {
  if (message !== "stop") return;
  void (async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  })();
});
send("ready");
