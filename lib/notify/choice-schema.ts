import { z } from "zod";

/**
 * Which staff e-mails a person wants (Account → E-mail), as the form and its server action both
 * read it: one checkbox per kind of staff_notifications (docs/DESIGN.md §17), checked = send it.
 */
export const NOTIFICATION_FIELDS = {
  approvalWaiting: "approval.waiting",
  needsReview: "request.needs_review",
  payoutFailed: "payout.failed",
} as const;

export type NotificationField = keyof typeof NOTIFICATION_FIELDS;
export type NotificationKind = (typeof NOTIFICATION_FIELDS)[NotificationField];

export const notificationChoicesSchema = z.strictObject({
  approvalWaiting: z.boolean(),
  needsReview: z.boolean(),
  payoutFailed: z.boolean(),
});
export type NotificationChoices = z.output<typeof notificationChoicesSchema>;
