import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as the server received it (headers and body). */
  raw: string;
}

/**
 * A real SMTP server on a free port for tests: it keeps what it accepts, and can be told to refuse
 * every message (as a server that is down for mail would, with a 451) until told otherwise, or to
 * keep a message and hold back its 250 (`holdReplies`): the sender cannot know yet that it arrived,
 * which is where a test kills the sender.
 */
export async function startSmtpInbox(options: { port?: number } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  refuse(on: boolean): void;
  /** Keep each message from now on but answer it only when `holdReplies(false)` is called. */
  holdReplies(on: boolean): void;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let holding = false;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusing) {
          const error = Object.assign(new Error("451 4.3.0 mail server busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        if (holding) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on) => (refusing = on),
    holdReplies: (on) => {
      holding = on;
      if (!on) for (const reply of held.splice(0)) reply();
    },
    close: () => {
      for (const reply of held.splice(0)) reply();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The subject and text of a single-part message as a reader sees them (encoded words and transfer encoding undone). */
export function readMail(raw: string): { subject: string; text: string; headers: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1] ?? "";
  const words = (value: string) =>
    value
      .replace(/\?=\s+=\?/g, "?==?")
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
        encoding.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : quotedPrintable(data.replace(/_/g, " ")),
      );
  const body = rest.join("\n\n");
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? quotedPrintable(body)
        : body;
  return { subject: words(header("Subject")), text: text.replace(/\r\n/g, "\n"), headers };
}

function quotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}
