-- Why a staff e-mail was not sent (Settings → Staff → E-mail sent): the person turned that kind
-- off, was disabled, no longer sees the merchant or may no longer approve, or the request was
-- decided before it was due. Rows skipped before this column have none.
ALTER TABLE "staff_notifications" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_skip_reason" CHECK ("staff_notifications"."skip_reason" is null or ("staff_notifications"."outcome" = 'skipped' and "staff_notifications"."skip_reason" in ('turned_off', 'disabled', 'no_access', 'decided')));
