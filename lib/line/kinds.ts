/**
 * The kinds of LINE message (lib/line/messages.ts): what a person or a group may choose, and the two
 * the linking flow sends. A plain module: the database schema and the browser's forms both read it.
 */
export const LINE_CHOICE_KINDS = [
  "approval.waiting",
  "request.needs_review",
  "payout.failed",
  "payin.paid_large",
  "daily.summary",
] as const;
export type LineChoiceKind = (typeof LINE_CHOICE_KINDS)[number];

export const LINE_MESSAGE_KINDS = ["link.offer", "link.done", ...LINE_CHOICE_KINDS] as const;
export type LineMessageKind = (typeof LINE_MESSAGE_KINDS)[number];
