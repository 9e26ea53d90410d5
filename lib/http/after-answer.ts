import { after } from "next/server";

/**
 * Work that need not hold up an answer: run once the answer has gone (Next's `after`). Outside a
 * request Next is serving — a test calling a route's handler itself — `after` has no answer to wait
 * for and throws; the work is then done before answering, so it is never lost nor left running.
 */
export async function afterAnswer(task: () => Promise<unknown>): Promise<void> {
  try {
    after(task);
  } catch {
    await task();
  }
}
