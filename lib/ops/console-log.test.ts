import { describe, expect, it } from "vitest";
import { sendConsoleThroughLog } from "./console-log";
import { createLogger, type LogFormat } from "./log";

/** A console and a logger whose lines are kept, in the given format. */
function surroundings(format: LogFormat) {
  const lines: string[] = [];
  const logger = createLogger("next", () => ({ format, level: "info", write: (line) => lines.push(line) }));
  const printed: unknown[][] = [];
  const target = { error: (...args: unknown[]) => printed.push(args), warn: (...args: unknown[]) => printed.push(args) };
  return { lines, logger, printed, target };
}

describe("Next's own error output, with LOG_FORMAT=json", () => {
  it("is one JSON line per error, with the stack and the digest inside, and no colour codes", () => {
    const { lines, logger, printed, target } = surroundings("json");
    sendConsoleThroughLog(target, logger, "json");
    // What Next writes for an action or page that threw: a coloured marker and the error.
    const thrown = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { digest: "2304011234" });
    target.error("\u001b[31m⨯\u001b[39m", thrown);
    target.warn("\u001b[33m⚠\u001b[39m a warning over\ntwo lines", { route: "/requests" });
    expect(printed).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
    const [error, warning] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(error).toMatchObject({
      level: "error",
      area: "next",
      msg: "connect ECONNREFUSED 127.0.0.1:5432",
      digest: "2304011234",
      error: { name: "Error", message: "connect ECONNREFUSED 127.0.0.1:5432", stack: expect.stringContaining("console-log.test.ts") },
    });
    expect(warning).toMatchObject({ level: "warn", msg: "a warning over\ntwo lines", details: [{ route: "/requests" }] });
  });

  it("is left as Next writes it at a terminal (LOG_FORMAT=text)", () => {
    const { lines, logger, printed, target } = surroundings("text");
    sendConsoleThroughLog(target, logger, "text");
    target.error("⨯", new Error("boom"));
    expect(lines).toEqual([]);
    expect(printed).toHaveLength(1);
  });
});
