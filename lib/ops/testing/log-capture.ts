import { vi } from "vitest";

/**
 * What PayDesk's log (lib/ops/log.ts) writes while a test runs, instead of the test's output: the
 * log writes to the process's streams itself, so these are what a test watches.
 */
export function captureLog(): { text(): string; restore(): void } {
  const written: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    }),
  );
  return {
    text: () => written.join(""),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
