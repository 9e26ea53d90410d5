import "server-only";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; resolves with the SMTP server's message id once the server has accepted it. */
export type Mailer = (mail: Mail) => Promise<{ messageId: string }>;

/**
 * An SMTP mailer: `url` is SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when the
 * server offers it; smtps://…:465 is TLS from the start). The server's refusal (a bad address, a
 * full mailbox, a down server) rejects with its words, which the notify loop records.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url, { from });
  const send: Mailer = async (mail) => {
    const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    return { messageId: String(info.messageId ?? "") };
  };
  return Object.assign(send, { close: () => transport.close() });
}
