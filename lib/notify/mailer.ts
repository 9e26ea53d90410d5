import "server-only";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe, lib/notify/worker.ts). */
  headers?: Record<string, string>;
}

/** Sends one e-mail; resolves with the SMTP server's message id once the server has accepted it. */
export type Mailer = (mail: Mail) => Promise<{ messageId: string }>;

/**
 * How long a send may wait on the server, far below nodemailer's own defaults (2 minutes to
 * connect, 30 s for the greeting, 10 minutes of silence): the notify loop sends one e-mail at a time,
 * so a server that accepts the connection and then says nothing must not hold everyone's mail.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * An SMTP mailer: `url` is SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when the
 * server offers it; smtps://…:465 is TLS from the start). The server's refusal (a bad address, a
 * full mailbox, a down server) rejects with its words, which the notify loop records.
 */
export function smtpMailer(url: string, from: string, timeouts: Partial<typeof SMTP_TIMEOUTS_MS> = {}): Mailer & { close(): void } {
  // nodemailer reads a connection URL's options from its query (`?greetingTimeout=10000`) and
  // ignores options given beside a URL; so the limits go into the query, unless SMTP_URL sets its own.
  const withLimits = new URL(url);
  for (const [name, ms] of Object.entries({ ...SMTP_TIMEOUTS_MS, ...timeouts }))
    if (!withLimits.searchParams.has(name)) withLimits.searchParams.set(name, String(ms));
  const transport = nodemailer.createTransport(withLimits.href, { from });
  const send: Mailer = async (mail) => {
    const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
    return { messageId: String(info.messageId ?? "") };
  };
  return Object.assign(send, { close: () => transport.close() });
}
