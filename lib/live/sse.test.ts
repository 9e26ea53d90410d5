import { describe, expect, it } from "vitest";
import { eventStream } from "./sse";

async function endsWithin(response: Response, ms: number): Promise<boolean> {
  const reader = response.body!.getReader();
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), deadline - Date.now())),
    ]);
    if (next === "timeout") break;
    if (next.done) return true;
  }
  await reader.cancel();
  return false;
}

describe("eventStream's re-check", () => {
  /** A subscription that remembers whether the stream released it. */
  const subscription = () => {
    let released = false;
    return { released: () => released, open: async () => () => void (released = true) };
  };

  it("keeps the stream while the answer is yes", async () => {
    const { open: subscribe } = subscription();
    const response = eventStream(new AbortController().signal, subscribe, { recheck: { everyMs: 10, stillAllowed: async () => true } });
    expect(await endsWithin(response, 200)).toBe(false);
  });

  it("ends it, and releases the subscription, when the answer turns to no", async () => {
    const { released, open: subscribe } = subscription();
    let answer = true;
    const response = eventStream(new AbortController().signal, subscribe, { recheck: { everyMs: 10, stillAllowed: async () => answer } });
    setTimeout(() => (answer = false), 50);
    expect(await endsWithin(response, 2_000)).toBe(true);
    expect(released()).toBe(true);
  });

  it("ends it when the check cannot be made (fails closed)", async () => {
    const { released, open: subscribe } = subscription();
    const response = eventStream(new AbortController().signal, subscribe, {
      recheck: {
        everyMs: 10,
        stillAllowed: async () => {
          throw new Error("database unreachable");
        },
      },
    });
    expect(await endsWithin(response, 2_000)).toBe(true);
    expect(released()).toBe(true);
  });
});
