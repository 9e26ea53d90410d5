import { log, processLogFormat, type LogFields, type Logger, type LogFormat } from "./log";

/**
 * Next's own output of an uncaught error (a page, a route handler or an action that threw: "⨯"
 * and the error's stack over many lines, written through console.error) as PayDesk's log lines
 * when the log is JSON: one object per line, the stack inside it, the digest the browser was shown
 * as a field, so a collector keeps each error whole and can find it by the digest. At a terminal
 * (text) Next's output is left as it is. Installed once per server process by instrumentation.ts.
 */
export function sendConsoleThroughLog(
  target: Pick<Console, "error" | "warn"> = console,
  logger: Logger = log("next"),
  format: LogFormat = processLogFormat(),
): void {
  if (format !== "json") return;
  target.error = (...args: unknown[]) => logger.error(...asLine(args));
  target.warn = (...args: unknown[]) => logger.warn(...asLine(args));
}

// Next colours its "⨯" marker; the log has its own level.
const ANSI = /\u001b\[[0-9;]*m/g;

function asLine(args: unknown[]): [string, LogFields] {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const words = args
    .filter((arg): arg is string => typeof arg === "string")
    .map((text) => text.replace(ANSI, ""))
    .join(" ")
    .replace(/^\s*[⨯⚠]\s*/, "")
    .trim();
  const others = args.filter((arg) => typeof arg !== "string" && arg !== error);
  const fields: LogFields = {};
  if (error) fields.error = error;
  const digest = (error as { digest?: unknown } | undefined)?.digest;
  if (typeof digest === "string") fields.digest = digest;
  if (others.length > 0) fields.details = others;
  return [words || error?.message || "(no message)", fields];
}
