/**
 * kill -9 of the instance sending a staff e-mail: the SMTP server (a real one,
 * lib/notify/testing/smtp-inbox.ts) has the e-mail and holds back its 250 when the sending process
 * (a real OS process, lib/notify/testing/worker-process.ts, on a real Postgres) is killed. Whether
 * the server took it cannot be known, so the e-mail is sent again once the lease lapses — and the
 * row says so: the send cut off is counted (`unconfirmed_sends`), and the staff e-mail log shows the
 * e-mail as possibly received twice.
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaffEmailLog } from "@/components/console/settings/staff/staff-email-log";
import { staffEmailMessages } from "@/components/console/settings/staff/staff-email-messages";
import { insertStaff } from "../auth/testing/staff";
import { staffNotifications } from "../db/schema";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { listStaffEmails } from "./log";
import { smtpMailer } from "./mailer";
import { startSmtpInbox } from "./testing/smtp-inbox";
import { runNotifyPass } from "./worker";
import { scaled } from "@/lib/testing/vitest-project";
import { forkWorkerProcess } from "@/lib/testing/worker-process";
import { testMerchant } from "../merchants/testing/test-merchant";
import { emailsDueNow, heldPayOut } from "./testing/held-pay-out";

const script = path.join(import.meta.dirname, "testing", "worker-process.ts");
/** The killed instance's lease: short, so the test need not wait out production's 15 minutes. */
const LEASE_MS = 2_000;

describe("kill -9 of the instance sending a staff e-mail", () => {
  const skip = postgresSkipReason();
  let database: TestDatabase;
  let child: ChildProcess | null = null;
  let exited: Promise<NodeJS.Signals | number | null> | null = null;

  beforeAll(async () => {
    if (!skip) database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    await database?.dispose();
  });

  it.skipIf(skip)("sends it again after the lease, and records and shows the repeat", { timeout: scaled(60_000) }, async () => {
    const merchantId = await testMerchant(database.db, { displayName: "Siam Coffee" });
    const maker = await insertStaff(database.db, { role: "finance" });
    const approver = await insertStaff(database.db, { role: "admin" });
    const requestId = (await heldPayOut(database.db, { merchantRowId: merchantId, createdBy: maker.id })).id;
    await emailsDueNow(database.db, requestId);
    const rowOf = async () => (await database.db.select().from(staffNotifications).where(eq(staffNotifications.requestId, requestId)))[0]!;

    const inbox = await startSmtpInbox();
    inbox.holdReplies(true);
    try {
      const started = await forkWorkerProcess(script, {
        NOTIFY_DATABASE_URL: database.url!,
        NOTIFY_SMTP_URL: inbox.url,
        NOTIFY_LEASE_MS: String(LEASE_MS),
      });
      child = started.child;
      exited = started.exited;
      // The server has the e-mail and has not said so yet: the sender is killed now.
      await expect.poll(() => inbox.received.length, { timeout: scaled(30_000), interval: 20 }).toBe(1);
      process.kill(started.child.pid!, "SIGKILL");
      expect(await exited).toBe("SIGKILL");
      inbox.holdReplies(false);
      // What the killed instance left: the send on record as started, no outcome.
      expect(await rowOf()).toMatchObject({ outcome: null, attempts: 1, sendStartedAt: expect.any(Date) });

      // Another instance, once the lease lapses: the e-mail goes out again, and the repeat is on record.
      const mailer = smtpMailer(inbox.url, "PayDesk <paydesk@shop.example>");
      try {
        await expect
          .poll(
            async () => (
              await runNotifyPass({ db: database.db, send: mailer, consoleUrl: "https://pay.shop.example" }),
              (await rowOf()).outcome
            ),
            {
              timeout: LEASE_MS + 15_000,
              interval: 250,
            },
          )
          .toBe("sent");
      } finally {
        mailer.close();
      }
      expect(inbox.received.map((m) => m.to)).toEqual([[approver.email], [approver.email]]);
      expect(await rowOf()).toMatchObject({ outcome: "sent", attempts: 2, unconfirmedSends: 1, sendStartedAt: null, leaseUntil: null });
      const { rows } = await listStaffEmails(database.db, { merchantIds: null }, {});
      expect(rows.find((r) => r.requestId === requestId)).toMatchObject({ outcome: "sent", unconfirmedSends: 1 });
      // Settings → Staff → E-mail sent to staff says so, in either language.
      for (const locale of ["en", "th"] as const) {
        const page = renderToStaticMarkup(createElement(StaffEmailLog, { rows, locale }));
        expect(page).toContain('data-unconfirmed-sends="1"');
        expect(page).toContain(staffEmailMessages(locale).repeated("2"));
      }
    } finally {
      await inbox.close();
    }
  });
});
