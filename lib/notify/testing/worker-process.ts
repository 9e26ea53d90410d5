/**
 * One PayDesk instance's staff e-mail loop in its own OS process, for lib/notify/crash.db.test.ts: the
 * test kills it with SIGKILL while the SMTP server holds back its answer to the e-mail, so nothing
 * of it may live in the test's process (lib/testing/worker-process.ts forks it). It opens the test's Postgres (NOTIFY_DATABASE_URL),
 * sends through NOTIFY_SMTP_URL with a lease of NOTIFY_LEASE_MS.
 */
import { openDatabase } from "../../db/client";
import { smtpMailer } from "../mailer";
import { serveWorkerProcess } from "../../testing/worker-process";
import { startNotifyWorker } from "../worker";

const url = process.env.NOTIFY_DATABASE_URL;
const smtpUrl = process.env.NOTIFY_SMTP_URL;
if (!url || !smtpUrl) {
  console.error("worker-process: NOTIFY_DATABASE_URL and NOTIFY_SMTP_URL are needed");
  process.exit(2);
}

const database = await openDatabase({ url, migrate: false, poolSize: 2 });
const worker = startNotifyWorker({
  db: database.db,
  send: smtpMailer(smtpUrl, "PayDesk <paydesk@shop.example>"),
  consoleUrl: "https://pay.shop.example",
  pollMs: 50,
  leaseMs: Number(process.env.NOTIFY_LEASE_MS ?? 2_000),
  log: (message) => console.error(`[notify worker-process ${process.pid}] ${message}`),
});
serveWorkerProcess(async () => {
  await worker.stop();
  await database.close();
});
