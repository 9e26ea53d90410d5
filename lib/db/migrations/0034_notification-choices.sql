-- The staff e-mails a person turned off for themselves (Account → E-mail): kinds of
-- staff_notifications. Rows are still written for them (who would have been told); the notify loop
-- marks them skipped instead of sending.
ALTER TABLE "staff_users" ADD COLUMN "notifications_off" text[] DEFAULT '{}' NOT NULL;
