/**
 * PayDesk's log: one line per event, written by pino in the process itself (stdout; warnings and
 * errors to stderr), in one of two shapes (LOG_FORMAT):
 *
 *   json  {"level":"error","time":"2026-11-26T08:00:00.000Z","area":"api","requestId":"rq_…","error":{…},"msg":"failed"}
 *         one object per line, for a log collector (the default when the output is not a terminal)
 *   text  [api] error: failed requestId=rq_… and the error's stack below (the default at a terminal)
 *
 * LOG_LEVEL (debug, info, warn, error; default info) drops the lines below it. Every line has an
 * area (the part of PayDesk that speaks: db, api, reconcile, outbound, …) and a message in words;
 * what a reader filters on (requestId, merchant, status, ms) goes in fields, not in the sentence.
 *
 * Nothing secret is written: a field named like a secret (password, secret, token, authorization,
 * cookie, a key's value) is written as "[redacted]", and a PayDesk API key or signing secret in any
 * text — a message, a field, an error's message or stack — is cut to its public part.
 */
import pino, { type Logger as PinoLogger } from "pino";
import { logEnvironment } from "../env";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFormat = "json" | "text";
export type LogFields = Record<string, unknown>;

export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error"];

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LogSettings {
  format: LogFormat;
  level: LogLevel;
  /** Where a finished line goes (with its newline); stderr for warn and error. */
  write(line: string, level: LogLevel): void;
  now?: () => Date;
}

const SECRET_FIELD = /password|secret|token|authorization|cookie|^(api_?key|submit_?key|read_?key|key)$/i;
// A PayDesk API key keeps `pdk_<mode>_<id>` (lib/merchant-api/keys/format.ts); a signing secret keeps its prefix.
const API_KEY_TEXT = /\b(pdk_(?:test|live)_[0-9A-Za-z]{12})[0-9A-Za-z]{38}\b/g;
const SIGNING_SECRET_TEXT = /\bwhsec_[A-Za-z0-9+/_=-]{16,}/g;

/** `text` with any PayDesk API key or signing secret in it cut to its public part. */
export function maskSecrets(text: string): string {
  return text.replace(API_KEY_TEXT, "$1…").replace(SIGNING_SECRET_TEXT, "whsec_…");
}

/** An error as plain data: name, message, code, stack and its chain of causes (at most 5 deep). */
function errorData(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? maskSecrets(error) : clean(error, depth + 1);
  const data: LogFields = { name: error.name, message: maskSecrets(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") data.code = code;
  if (error.stack) data.stack = maskSecrets(error.stack);
  if (error.cause !== undefined && depth < 5) data.cause = errorData(error.cause, depth + 1);
  return data;
}

/** A field's value, safe to write: secrets redacted, errors as data, no cycles, bounded depth. */
function clean(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return maskSecrets(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return errorData(value, depth);
  if (value === null || typeof value !== "object") return typeof value === "function" || typeof value === "symbol" ? String(value) : value;
  if (seen.has(value) || depth > 5) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1, seen));
  const out: LogFields = {};
  for (const [name, item] of Object.entries(value)) out[name] = SECRET_FIELD.test(name) ? "[redacted]" : clean(item, depth + 1, seen);
  return out;
}

function textValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

/** A line's readable form at a terminal, from the JSON object pino wrote: `[area] level: words name=value`, an error's stack below. */
function textLine(json: string): string {
  const { time: _time, level, area, msg, error, ...rest } = JSON.parse(json) as LogFields;
  let line = `[${String(area)}] ${level === "warn" || level === "error" ? `${level}: ` : ""}${String(msg)}`;
  for (const [name, value] of Object.entries(rest)) if (value !== undefined) line += ` ${name}=${textValue(value)}`;
  if (error !== undefined) {
    const stack = (error as { stack?: string } | null)?.stack;
    line += `\n${stack ?? textValue(error)}`;
    for (let cause = (error as { cause?: unknown }).cause; cause !== undefined; cause = (cause as { cause?: unknown }).cause) {
      const c = cause as { message?: string; code?: string } | string;
      line += `\n  caused by: ${typeof c === "string" ? c : `${c.message ?? textValue(c)}${c.code ? ` (${c.code})` : ""}`}`;
      if (typeof cause !== "object" || cause === null) break;
    }
  }
  return `${line}\n`;
}

// One pino logger per settings (the process's, or a test's), one child per area.
const roots = new WeakMap<LogSettings, { root: PinoLogger; areas: Map<string, PinoLogger> }>();

function pinoFor(settings: LogSettings, area: string): PinoLogger {
  let entry = roots.get(settings);
  if (!entry) {
    const now = settings.now ?? (() => new Date());
    // One stream per level, each line to exactly one (dedupe): the level picks stdout or stderr.
    const streams = LOG_LEVELS.map((level) => ({
      level,
      stream: { write: (json: string) => settings.write(settings.format === "json" ? json : textLine(json), level) },
    }));
    const root = pino(
      {
        level: settings.level,
        base: null,
        messageKey: "msg",
        timestamp: () => `,"time":"${now().toISOString()}"`,
        formatters: { level: (label) => ({ level: label }), log: (fields) => clean(fields) as LogFields },
      },
      pino.multistream(streams, { dedupe: true }),
    );
    entry = { root, areas: new Map() };
    roots.set(settings, entry);
  }
  let child = entry.areas.get(area);
  if (!child) entry.areas.set(area, (child = entry.root.child({ area })));
  return child;
}

/** A logger for `area` writing through `settings` (tests hand their own; PayDesk uses `log`). */
export function createLogger(area: string, settings: () => LogSettings): Logger {
  const at = (level: LogLevel) => (message: string, fields?: LogFields) => {
    const logger = pinoFor(settings(), area);
    try {
      logger[level](fields ?? {}, maskSecrets(message));
    } catch (failure) {
      // A field that cannot be written must not lose the line.
      logger[level]({ fieldsUnwritable: String(failure) }, maskSecrets(message));
    }
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

let processSettings: LogSettings | null = null;

/** The process's settings, read once (LOG_FORMAT, LOG_LEVEL: lib/env.ts `logEnvironment`). */
function fromEnvironment(): LogSettings {
  const source = logEnvironment();
  // A person at a terminal reads text; a collector (systemd, a container's log driver, a pipe) gets JSON.
  const format: LogFormat =
    source.LOG_FORMAT === "json" || source.LOG_FORMAT === "text" ? source.LOG_FORMAT : process.stdout.isTTY ? "text" : "json";
  const level = (LOG_LEVELS as readonly string[]).includes(source.LOG_LEVEL ?? "") ? (source.LOG_LEVEL as LogLevel) : "info";
  return {
    format,
    level,
    write: (line, lineLevel) => (lineLevel === "warn" || lineLevel === "error" ? process.stderr : process.stdout).write(line),
  };
}

/** The logger for one area of PayDesk, writing to this process's output. */
export function log(area: string): Logger {
  return createLogger(area, () => (processSettings ??= fromEnvironment()));
}

/** The shape this process's log is written in (LOG_FORMAT, or json when the output is not a terminal). */
export function processLogFormat(): LogFormat {
  return (processSettings ??= fromEnvironment()).format;
}
