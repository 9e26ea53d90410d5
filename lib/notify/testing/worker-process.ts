/**
 * One PayDesk instance's staff e-mail loop in its own OS process, for lib/notify/crash.db.test.ts: the
 * test kills it with SIGKILL while the SMTP server holds back its answer to the e-mail, so nothing
 * of it may live in the test's process. Started as lib/outbound-webhooks/testing/worker-process.ts is (fork
 * with tsx and the react-server condition). It opens the test's Postgres (NOTIFY_DATABASE_URL),
 * sends through NOTIFY_SMTP_URL with a lease of NOTIFY_LEASE_MS, and says "ready" over IPC once the
 * loop runs.
 */
import { openDatabase } from "../../db/client";
import { smtpMailer } from "../mailer";
import { startNotifyWorker } from "../worker";

const url = process.env.NOTIFY_DATABASE_URL;
const smtpUrl = process.env.NOTIFY_SMTP_URL;
if (!url || !smtpUrl || !process.send) {
  console.error("worker-process: NOTIFY_DATABASE_URL, NOTIFY_SMTP_URL and an IPC channel are needed");
  process.exit(2);
}
const send = process.send.bind(process);

const database = await openDatabase({ url, migrate: false, poolSize: 2 });
startNotifyWorker({
  db: database.db,
  send: smtpMailer(smtpUrl, "PayDesk <paydesk@shop.example>"),
  consoleUrl: "https://pay.shop.example",
  pollMs: 50,
  leaseMs: Number(process.env.NOTIFY_LEASE_MS ?? 2_000),
  log: (message) => console.error(`[notify worker-process ${process.pid}] ${message}`),
});
// The loop's timers do not hold a process open (unref): this one is kept until it is killed.
setInterval(() => {}, 60_000);
send("ready");
