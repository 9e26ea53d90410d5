-- A staff e-mail PayDesk could not send because no mail server is configured (SMTP_URL unset): the
-- notify loop still decides each row (lib/notify/worker.ts) and skips the ones still news with
-- this reason, so none waits for a server that is not there.
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_skip_reason";--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_skip_reason" CHECK ("staff_notifications"."skip_reason" is null or ("staff_notifications"."outcome" = 'skipped' and "staff_notifications"."skip_reason" in ('turned_off', 'disabled', 'no_access', 'decided', 'no_mailer')));
