import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, maskSecrets, type LogFormat, type LogLevel, type LogSettings } from "./log";

const TIME = new Date("2026-11-26T08:00:00.000Z");
const API_KEY = `pdk_live_${"A1b2C3d4E5f6"}${"x".repeat(32)}${"Zz09Yy"}`;
const SIGNING_SECRET = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LWJ5dGVz";

function capture(format: LogFormat, level: LogLevel = "info") {
  const lines: { line: string; level: LogLevel }[] = [];
  const settings: LogSettings = { format, level, now: () => TIME, write: (line, lineLevel) => lines.push({ line, level: lineLevel }) };
  return { lines, logger: (area: string) => createLogger(area, () => settings) };
}

describe("the log", () => {
  it("as JSON: one object per line with time, level, area, message and the fields", () => {
    const { lines, logger } = capture("json");
    logger("api").info("answered", { requestId: "rq_1", status: 201, ms: 12 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.line.endsWith("\n")).toBe(true);
    expect(lines[0]!.line.trimEnd()).not.toContain("\n");
    expect(JSON.parse(lines[0]!.line)).toEqual({
      time: "2026-11-26T08:00:00.000Z",
      level: "info",
      area: "api",
      msg: "answered",
      requestId: "rq_1",
      status: 201,
      ms: 12,
    });
  });

  it("an error is written as its name, message, code, stack and causes — still one line in JSON", () => {
    const { lines, logger } = capture("json");
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    logger("db").error("the query failed", { error: new Error("query failed", { cause }) });
    expect(lines[0]!.line.trimEnd().split("\n")).toHaveLength(1);
    const { error } = JSON.parse(lines[0]!.line) as {
      error: { name: string; message: string; stack: string; cause: { code: string; message: string } };
    };
    expect(error.name).toBe("Error");
    expect(error.message).toBe("query failed");
    expect(error.stack).toContain("log.test.ts");
    expect(error.cause).toMatchObject({ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" });
  });

  it("as text: the area, the words, the fields as name=value, and an error's stack and causes below", () => {
    const { lines, logger } = capture("text");
    logger("reconcile").info("checked 3 requests", { lane: "reconcile", note: "two words" });
    logger("outbound").error("delivery failed", {
      endpoint: "we_1",
      error: new Error("boom", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) }),
    });
    expect(lines[0]!.line).toBe('[reconcile] checked 3 requests lane=reconcile note="two words"\n');
    const [first, stackTop, ...rest] = lines[1]!.line.trimEnd().split("\n");
    expect(first).toBe("[outbound] error: delivery failed endpoint=we_1");
    expect(stackTop).toBe("Error: boom");
    expect(rest.at(-1)).toBe("  caused by: reset (ECONNRESET)");
  });

  it("warnings and errors go to the error stream; lines below LOG_LEVEL are dropped", () => {
    const { lines, logger } = capture("json", "warn");
    const l = logger("x");
    l.debug("d");
    l.info("i");
    l.warn("w");
    l.error("e");
    expect(lines.map((entry) => [JSON.parse(entry.line).msg, entry.level])).toEqual([
      ["w", "warn"],
      ["e", "error"],
    ]);
    const { lines: all, logger: verbose } = capture("text", "debug");
    verbose("x").debug("d");
    expect(all).toHaveLength(1);
  });

  it("never writes a secret: fields named like one are redacted, and API keys and signing secrets in any text are cut to their public part", () => {
    for (const format of ["json", "text"] as const) {
      const { lines, logger } = capture(format);
      logger("auth").error(`refused ${API_KEY}`, {
        password: "hunter2-hunter2",
        authorization: `Bearer ${API_KEY}`,
        headers: { cookie: "authjs.session-token=abc", "x-paydesk-webhook-secret": "s3cret" },
        submitKey: "provider-submit-key-value",
        keyId: "pdk_live_A1b2C3d4E5f6",
        body: `{"secret":"${SIGNING_SECRET}"}`,
        error: new Error(`bad key ${API_KEY}`),
      });
      const text = lines[0]!.line;
      for (const secret of [API_KEY, "hunter2", "abc", "s3cret", "provider-submit-key-value", SIGNING_SECRET])
        expect(text, format).not.toContain(secret);
      // The public parts stay, so a reader can still tell which key it was.
      expect(text).toContain("pdk_live_A1b2C3d4E5f6");
      expect(text).toContain("[redacted]");
      expect(text).toContain("whsec_…");
    }
    expect(maskSecrets(`a ${API_KEY} b`)).toBe("a pdk_live_A1b2C3d4E5f6… b");
  });

  it("a field it cannot write (a cycle, a bigint, a function) does not lose the line", () => {
    const { lines, logger } = capture("json");
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    logger("x").info("still written", { cyclic, big: 10n ** 20n, fn: () => 1 });
    const parsed = JSON.parse(lines[0]!.line) as { msg: string; cyclic: { self: string }; big: string };
    expect(parsed.msg).toBe("still written");
    expect(parsed.cyclic.self).toBe("[…]");
    expect(parsed.big).toBe("100000000000000000000");
    const { lines: kept, logger: other } = capture("json");
    other("x").warn("kept", {
      get broken(): string {
        throw new Error("no value");
      },
    });
    expect(JSON.parse(kept[0]!.line)).toMatchObject({ level: "warn", area: "x", msg: "kept", fieldsUnwritable: "Error: no value" });
  });

  it("the process's own log: JSON when its output is not a terminal, text or JSON as LOG_FORMAT says, and nothing below LOG_LEVEL", () => {
    const speak = (environment: Record<string, string>) => {
      const child = spawnSync(
        path.resolve("node_modules/.bin/tsx"),
        ["-e", 'import("./lib/ops/log.ts").then(({ log }) => { log("t").debug("d"); log("t").info("i"); log("t").warn("w"); })'],
        { env: { ...process.env, LOG_FORMAT: "", LOG_LEVEL: "", ...environment }, encoding: "utf8" },
      );
      expect(child.status, child.stderr).toBe(0);
      return { out: child.stdout.trim(), err: child.stderr.trim() };
    };
    const piped = speak({});
    expect(JSON.parse(piped.out)).toMatchObject({ level: "info", area: "t", msg: "i" });
    expect(JSON.parse(piped.err)).toMatchObject({ level: "warn", msg: "w" });
    expect(speak({ LOG_FORMAT: "text" })).toEqual({ out: "[t] i", err: "[t] warn: w" });
    expect(speak({ LOG_FORMAT: "text", LOG_LEVEL: "debug" }).out).toBe("[t] d\n[t] i");
    expect(speak({ LOG_FORMAT: "text", LOG_LEVEL: "warn" })).toEqual({ out: "", err: "[t] warn: w" });
  });
});
