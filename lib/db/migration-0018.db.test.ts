import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FailureFacts } from "../provider/failure";
import { factWords, type Fact, type Note, type NoteKey } from "../requests/notes";
import { MIGRATIONS_DIR } from "./client";
import { paymentRequests, requestEvents, webhookDeliveries } from "./schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "./testing/databases";

/**
 * Migration 0018 on the data earlier versions left: PayDesk's own reasons and notes stored as
 * English sentences. Every kind of sentence PayDesk wrote is stored the old way (the English is
 * today's wording of the same facts, unchanged since), the migration's own file is run, and each
 * must come back as exactly the facts it was written from — so it reads in Thai, and in English
 * word for word as before. Text PayDesk did not write stays as it was.
 */
const statements = fs
  .readFileSync(path.join(MIGRATIONS_DIR, "0018_facts-not-sentences.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);

/** Notes PayDesk has stored only as facts, never as sentences: nothing for 0018 to convert. */
type FactsFromTheStart = "webhook_too_deep";

/** One example per note, keyed so that a new note must be added here (or above, if it never was a sentence). */
const NOTES: { [K in Exclude<NoteKey, FactsFromTheStart>]: Extract<Note, { note: K }> } = {
  nothing_to_check: { note: "nothing_to_check", state: "awaiting_approval" },
  no_provider_id: { note: "no_provider_id" },
  found_as: { note: "found_as", status: "Paid" },
  not_there_yet: { note: "not_there_yet" },
  gave_up: { note: "gave_up" },
  sent_again: { note: "sent_again" },
  provider_says: { note: "provider_says", status: "Pending" },
  send_unfinished: { note: "send_unfinished" },
  no_such_ref_id1: { note: "no_such_ref_id1" },
  still_none: { note: "still_none" },
  ref_id1_taken: { note: "ref_id1_taken", refId1: "INV-(2026) 7" },
  cannot_tell: { note: "cannot_tell" },
  taken_meanwhile: { note: "taken_meanwhile" },
  keys_unreadable: { note: "keys_unreadable" },
  sandbox_no_match: { note: "sandbox_no_match" },
  webhook_no_read_key: { note: "webhook_no_read_key" },
  webhook_no_amount: { note: "webhook_no_amount", event: "PaymentIn.Success" },
  webhook_not_confirmed: { note: "webhook_not_confirmed", failure: { kind: "timeout", timeoutMs: 8_000, mayExist: false } },
  webhook_keys_unreadable: { note: "webhook_keys_unreadable" },
  webhook_status_unknown: { note: "webhook_status_unknown", status: "Frozen" },
  webhook_contradicted: { note: "webhook_contradicted", event: "PaymentIn.Success", status: "Pending" },
  webhook_ref_id1_mismatch: { note: "webhook_ref_id1_mismatch", refId1: "A-1", expected: "B-2" },
  webhook_amount_mismatch: { note: "webhook_amount_mismatch", receivedSatang: 45_050, askedSatang: 45_037 },
  webhook_overpaid: { note: "webhook_overpaid", paidSatang: 120_000, requestedSatang: 100_000 },
  webhook_unmatched_money: { note: "webhook_unmatched_money", providerId: "f7a1c2", refId1: null },
  webhook_unknown_request: { note: "webhook_unknown_request", providerId: "0d9e" },
  terminal: { note: "terminal", state: "paid" },
  approval_not_awaiting: { note: "approval_not_awaiting", state: "pending" },
  decline_not_awaiting: { note: "decline_not_awaiting", state: "submitting" },
  submit_answer_late: { note: "submit_answer_late", state: "pending" },
  submit_rejection_late: { note: "submit_rejection_late", state: "pending" },
  uncertain_late: { note: "uncertain_late", state: "unknown" },
  unresolved_not_unknown: { note: "unresolved_not_unknown", state: "pending" },
  never_sent: { note: "never_sent" },
  unknown_provider_status: { note: "unknown_provider_status", status: "Frozen" },
  payout_success_for_payin: { note: "payout_success_for_payin" },
  payout_never_sent: { note: "payout_never_sent" },
  partial_adds_nothing: { note: "partial_adds_nothing" },
  already_pending: { note: "already_pending" },
};

const FAILURES: FailureFacts[] = [
  { kind: "auth_failed", orgId: "demo", merchantLabel: "Siam Coffee (main) shop" },
  { kind: "forbidden", missing: "role", operation: "SubmitPayOutRequest" },
  { kind: "forbidden", missing: "role", operation: "GetPaymentRequests" },
  { kind: "forbidden", missing: "read_key", merchantLabel: "Siam Coffee" },
  { kind: "rate_limited" },
  { kind: "busy", waitMs: 12_000 },
  { kind: "timeout", timeoutMs: 3_000, mayExist: true },
  { kind: "timeout", timeoutMs: 10_000, mayExist: false },
  { kind: "provider_error", detail: { what: "empty_answer", status: 500 }, mayExist: true },
  { kind: "provider_error", detail: { what: "not_json", status: 502 }, mayExist: true },
  { kind: "provider_error", detail: { what: "unexpected_status", status: 204 }, mayExist: false },
  { kind: "provider_error", detail: { what: "http_status", status: 503 }, mayExist: false },
  { kind: "provider_error", detail: { what: "unreadable_part", part: "payInResponse", issue: "Invalid input" }, mayExist: true },
  { kind: "provider_error", detail: { what: "no_status" }, mayExist: false },
  { kind: "provider_error", detail: { what: "unreadable_payout" }, mayExist: true },
  { kind: "provider_error", detail: { what: "not_a_list" }, mayExist: false },
  { kind: "provider_error", detail: { what: "unreadable_list" }, mayExist: false },
  { kind: "provider_error", detail: { what: "text", text: "reading the provider's record failed: boom" }, mayExist: false },
  { kind: "network", host: "127.0.0.1:4750", detail: { what: "connection_refused" }, mayExist: true },
  { kind: "network", host: "api.example", detail: { what: "connection_reset" }, mayExist: false },
  { kind: "network", host: "api.example", detail: { what: "host_unknown" }, mayExist: false },
  { kind: "network", host: "api.example", detail: { what: "stalled" }, mayExist: true },
  { kind: "network", host: "api.example", detail: { what: "network", code: "EPIPE" }, mayExist: false },
  { kind: "network", host: "api.example", detail: { what: "network", code: null }, mayExist: false },
];

const EVERY_FACT: Fact[] = [...Object.values(NOTES), ...FAILURES];
const english = (fact: Fact) => factWords(fact, "en");
/** Amounts were written as a bare number of baht then ("450.5"); they read as money now ("450.50"). */
const LEGACY: Partial<Record<NoteKey, string>> = {
  webhook_amount_mismatch: "received 450.5 THB, the request asked for 450.37",
  webhook_overpaid: "paid out 1200 THB on a request of 1000",
};
const stored = (fact: Fact) => ("note" in fact ? LEGACY[fact.note] : undefined) ?? english(fact);
/** What PayDesk did not write: kept as it was. */
const OTHERS = ["Customer cancelled at the counter", "Slip amount does not match", "nothing to check", "HTTP 500"];

describe.each(DATABASE_KINDS)("migration 0018 on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  const statusRow = (i: number) => `req_s${i}`;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    const { db } = database;
    await db.execute(sql`alter table payment_requests drop column status_facts`);
    await db.execute(sql`alter table webhook_deliveries drop column reason_facts`);
    await db.execute(
      sql`insert into merchants (id, display_name, org_id, merchant_id, submit_key_encrypted, submit_key_last4) values ('mer_m', 'Shop', 'demo', 'm-1', 'v1:x', 'abcd')`,
    );
    const texts = [...EVERY_FACT.map(stored), ...OTHERS];
    for (const [i, text] of texts.entries()) {
      await db.execute(sql`insert into payment_requests (id, merchant_id, kind, ref_id1, requested_amount, status, status_code, status_reason, idempotency_key, input)
        values (${statusRow(i)}, 'mer_m', 'payin', ${statusRow(i)}, '100.00', 'unknown', null, ${text}, ${statusRow(i)}, '{}'::jsonb)`);
      const data = { note: text, reason: text, detail: text, outcome: { ignored: text } };
      await db.execute(
        sql`insert into request_events (request_id, type, actor, data) values (${statusRow(i)}, 'recheck', 'reconcile', ${JSON.stringify(data)}::jsonb)`,
      );
      await db.execute(sql`insert into webhook_deliveries (verdict, reason, raw_body) values ('unconfirmed', ${text}, ${`{"n": ${i}}`})`);
    }
    // A provider's refusal as the create flow stored it (its English wording under `message`), and one PayDesk made itself.
    await db.execute(sql`insert into payment_requests (id, merchant_id, kind, ref_id1, requested_amount, status, status_code, status_reason, idempotency_key, input)
      values ('req_refused', 'mer_m', 'payin', 'R1', '100.00', 'rejected', 'REF_ID1_DUPLICATE', 'duplicate', 'k-refused', '{}'::jsonb),
             ('req_not_sent', 'mer_m', 'payin', 'R2', '100.00', 'rejected', 'NOT_SENT_RATE_LIMITED', ${english({ kind: "rate_limited" })}, 'k-not-sent', '{}'::jsonb)`);
    await db.execute(sql`insert into request_events (request_id, type, actor, data) values
      ('req_refused', 'submit_rejected', 'provider', ${JSON.stringify({ type: "submit_rejected", code: "REF_ID1_DUPLICATE", description: "duplicate", message: "This RefId1 has been used before…" })}::jsonb),
      ('req_not_sent', 'submit_rejected', 'paydesk', ${JSON.stringify({ type: "submit_rejected", code: "NOT_SENT_RATE_LIMITED", description: english({ kind: "rate_limited" }), message: english({ kind: "rate_limited" }) })}::jsonb)`);
    for (const statement of statements) await db.execute(sql.raw(statement));
  });
  afterAll(async () => database?.dispose());

  it.skipIf(skip)("turns every sentence PayDesk stored as a request's reason into the facts it was written from", async () => {
    for (const [i, fact] of EVERY_FACT.entries()) {
      const [row] = await database.db
        .select()
        .from(paymentRequests)
        .where(eq(paymentRequests.id, statusRow(i)));
      expect({ facts: row!.statusFacts, reason: row!.statusReason }, english(fact)).toEqual({ facts: fact, reason: null });
    }
  });

  it.skipIf(skip)("does the same on the timeline (notes, reasons, details, ignored events) and on webhook deliveries", async () => {
    for (const [i, fact] of EVERY_FACT.entries()) {
      const [entry] = await database.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, statusRow(i)));
      expect(entry!.data, english(fact)).toEqual({ note: fact, reason: fact, detail: fact, outcome: { ignored: fact } });
      const [delivery] = await database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.rawBody, `{"n": ${i}}`));
      expect({ facts: delivery!.reasonFacts, reason: delivery!.reason }, english(fact)).toEqual({ facts: fact, reason: null });
    }
  });

  it.skipIf(skip)("keeps text PayDesk did not write as it was", async () => {
    for (const [j, text] of OTHERS.entries()) {
      const i = EVERY_FACT.length + j;
      const [row] = await database.db
        .select()
        .from(paymentRequests)
        .where(eq(paymentRequests.id, statusRow(i)));
      expect({ facts: row!.statusFacts, reason: row!.statusReason }).toEqual({ facts: null, reason: text });
      const [entry] = await database.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, statusRow(i)));
      expect(entry!.data).toEqual({ note: text, reason: text, detail: text, outcome: { ignored: text } });
    }
  });

  it.skipIf(skip)("words a migrated reason in both languages: English as it always read, Thai in Thai", async () => {
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, "req_not_sent"));
    expect(row).toMatchObject({ statusCode: "NOT_SENT_RATE_LIMITED", statusReason: null, statusFacts: { kind: "rate_limited" } });
    expect(factWords(row!.statusFacts!, "en")).toBe(
      "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds.",
    );
    expect(factWords(row!.statusFacts!, "th")).toBe(
      "ผู้ให้บริการกำลังจำกัดความถี่ที่ PayDesk เรียกใช้ได้ (HTTP 429) ยังไม่มีการสร้างคำขอ โปรดลองอีกครั้งในอีกไม่กี่วินาที",
    );
    const [unknownRow] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, statusRow(EVERY_FACT.indexOf(FAILURES[8]!))));
    expect(factWords(unknownRow!.statusFacts!, "th")).toBe(
      "ผู้ให้บริการตอบกลับไม่ถูกต้อง (HTTP 500 โดยไม่มีเนื้อหาคำตอบ) คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้ PayDesk จะตรวจสอบกับผู้ให้บริการก่อนส่งซ้ำทุกครั้ง",
    );
  });

  it.skipIf(skip)("drops the English wording of refusals from the timeline, keeping PayDesk's own refusal as facts", async () => {
    const entries = await database.db
      .select()
      .from(requestEvents)
      .where(sql`${requestEvents.requestId} in ('req_refused', 'req_not_sent')`);
    const byRequest = Object.fromEntries(entries.map((e) => [e.requestId, e.data]));
    expect(byRequest.req_refused).toEqual({ type: "submit_rejected", code: "REF_ID1_DUPLICATE", description: "duplicate" });
    expect(byRequest.req_not_sent).toEqual({
      type: "submit_rejected",
      code: "NOT_SENT_RATE_LIMITED",
      description: null,
      facts: { kind: "rate_limited" },
    });
    const [refused] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, "req_refused"));
    expect(refused).toMatchObject({ statusReason: "duplicate", statusFacts: null });
  });

  it.skipIf(skip)("words every fact in Thai: not empty, in Thai script, not the English", () => {
    const problems = EVERY_FACT.filter((fact) => {
      const th = factWords(fact, "th");
      return !/[\u0E00-\u0E7F]/.test(th) || th === english(fact);
    });
    expect(problems).toEqual([]);
  });
});
