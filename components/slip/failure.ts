import type { SlipFormLabels } from "./messages";

/**
 * What an upload's answer means for the customer, as the name of its words (components/slip/messages.ts):
 * the same for the page's script (which shows it in place) and for the upload route answering a
 * form posted without script (which sends the customer back to the page with it). No imports that
 * run: the browser's script bundles it.
 */
export type SlipWords = { [K in keyof SlipFormLabels]: SlipFormLabels[K] extends string ? K : never }[keyof SlipFormLabels];

export interface SlipFailure {
  message: SlipWords;
  /** False where trying again cannot help: the link is gone, the request is paid or over. */
  canRetry: boolean;
}

const PROBLEMS: Record<string, SlipWords> = {
  not_image: "notImage",
  too_large: "tooLarge",
  corrupt: "corrupt",
  empty: "noImage",
  no_image: "noImage",
  bad_reference: "badReference",
  note_too_long: "noteTooLong",
  note_nul: "noteNul",
};

export function slipFailureFor(status: number, body: { problem?: string; mayHaveArrived?: boolean }): SlipFailure {
  if (status === 410) return { message: "linkGone", canRetry: false };
  if (status === 409) return { message: body.problem === "already_paid" ? "alreadyPaid" : "requestEnded", canRetry: false };
  if (status === 429) return { message: "tooMany", canRetry: true };
  if (status === 503) return { message: "busy", canRetry: true };
  if (status === 502) return { message: body.mayHaveArrived ? "maybeArrived" : "providerFailed", canRetry: true };
  return { message: PROBLEMS[body.problem ?? ""] ?? "providerFailed", canRetry: true };
}

/** Every failure the upload can come back with, by its words: what `?sent=` may name on the page. */
const FAILURES: ReadonlySet<string> = new Set<SlipWords>([
  "linkGone",
  "alreadyPaid",
  "requestEnded",
  "tooMany",
  "busy",
  "maybeArrived",
  "providerFailed",
  ...(Object.values(PROBLEMS) as SlipWords[]),
]);

/** The outcome a page address names (`?sent=done` or `?sent=<words>`), or null for anything else. */
export function sentOutcome(value: unknown): "done" | SlipFailure | null {
  if (value === "done") return "done";
  if (typeof value !== "string" || !FAILURES.has(value)) return null;
  const message = value as SlipWords;
  return { message, canRetry: !["linkGone", "alreadyPaid", "requestEnded"].includes(message) };
}
