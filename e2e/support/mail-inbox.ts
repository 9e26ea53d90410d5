/**
 * The mail server of the end-to-end run (started by playwright.config.ts): a real SMTP server on
 * E2E.mail.smtpPort that PayDesk sends staff e-mail to (SMTP_URL), and on the next port an HTTP
 * view of what it received, `GET /messages` (each with to, subject and text as a reader sees them).
 */
import http from "node:http";
import { readMail, startSmtpInbox } from "../../lib/notify/testing/smtp-inbox";
import { E2E } from "./config";

if (!E2E.mail) throw new Error("no mail server against a deployed PayDesk");
const inbox = await startSmtpInbox({ port: E2E.mail.smtpPort });
const server = http.createServer((req, res) => {
  if (req.url === "/health") return res.end("ok");
  if (req.url !== "/messages") return res.writeHead(404).end();
  const messages = inbox.received.map((m) => ({ to: m.to, ...readMail(m.raw) }));
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
});
server.listen(E2E.mail.smtpPort + 1, "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void inbox.close().then(() => process.exit(0)));
