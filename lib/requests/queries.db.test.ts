import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchants, paymentRequests, requestEvents, staffUsers } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { parseListFilters } from "./list-filters";
import { getRequestInScope, iterateRequests, listRequests, listTimeline, type ResolvedFilters, type Scope } from "./queries";
import { searchCondition } from "./search";
import { summarizeRequests } from "./summary";
import { setUpTestDatabase } from "../testing/database-fixture";

const ALL: Scope = { merchantIds: null };
const ONLY_A: Scope = { merchantIds: ["mer_a"] };

/** Filters as the page resolves them: from URL text, with the merchant chosen. */
const filters = (query: Record<string, string> = {}, merchant = "all"): ResolvedFilters => {
  const parsed = parseListFilters(query);
  expect(parsed.errors).toEqual({});
  return { ...parsed.filters, merchant };
};

let seq = 0;
function request(over: Partial<typeof paymentRequests.$inferInsert> & { at: string }) {
  seq++;
  const { at, ...rest } = over;
  return {
    id: `req_${String(seq).padStart(4, "0")}`,
    merchantId: "mer_a",
    kind: "payin" as const,
    refId1: `R${seq}`,
    requestedAmount: "100.00",
    status: "pending",
    input: {},
    idempotencyKey: `k${seq}`,
    createdAt: sql`${at}::timestamptz` as unknown as Date,
    ...rest,
  };
}

describe.each(DATABASE_KINDS)("request list queries on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  const ids = async (scope: Scope, f: ResolvedFilters) => (await listRequests(setup.db, scope, f, { limit: 100 })).rows.map((r) => r.id);

  beforeAll(async () => {
    if (skip) return;
    const db = setup.db;
    const m = (id: string, name: string) => ({
      id,
      displayName: name,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    await db.insert(merchants).values([m("mer_a", "Alpha"), m("mer_b", "Beta")]);
    await db.insert(staffUsers).values([
      { id: "usr_ann", email: "ann@x", name: "Ann", passwordHash: "x", role: "operator" },
      { id: "usr_bob", email: "bob@x", name: "Bob", passwordHash: "x", role: "finance" },
    ]);
    seq = 0;
    await db.insert(paymentRequests).values([
      // 0001–0004: the Pay-In tab of mer_a, around the Bangkok midnight of 1 May 2026.
      request({
        at: "2026-04-30T16:59:59.999999Z",
        payerName: "สมชาย ใจดี",
        requestedAmount: "325.00",
        generatedAmount: "325.52",
        createdBy: "usr_ann",
      }),
      request({
        at: "2026-04-30T17:00:00Z",
        kind: "payin_p2p",
        payerName: "Somchai Jaidee",
        status: "paid",
        paidAmount: "100.00",
        refId2: "INV-77",
        createdBy: "usr_bob",
      }),
      request({
        at: "2026-05-01T16:59:59Z",
        payerName: "100%_match",
        status: "rejected",
        statusCode: "ERR_EXPIRED_REQUEST",
        requestedAmount: "1234.50",
        providerResponse: { payInBankAccountNo: "9876543210" },
      }),
      request({
        at: "2026-05-01T17:00:00Z",
        payerName: "Mali",
        status: "rejected",
        statusCode: "ERROR_VALUE_NOT_IN_RANGE",
        refId3: "ORDER-9",
        requestedAmount: "50000.00",
      }),
      // 0005–0006: mer_a's money out; one is a withdrawal.
      request({
        at: "2026-05-01T01:00:00Z",
        kind: "payout",
        status: "unknown",
        input: { destination: { type: "bank", bankCode: "KBANK", accountNo: "1234567890", accountName: "Ann" } },
      }),
      request({
        at: "2026-05-01T02:00:00Z",
        kind: "withdrawal",
        isWithdrawal: true,
        status: "awaiting_approval",
        input: { destination: { type: "promptpay", promptPayId: "0812345678" } },
      }),
      // 0007–0008: another merchant's, sharing RefIds, names and amounts with mer_a's.
      request({ at: "2026-05-01T03:00:00Z", merchantId: "mer_b", refId1: "R1", payerName: "สมชาย ใจดี", requestedAmount: "325.00" }),
      request({
        at: "2026-05-01T04:00:00Z",
        merchantId: "mer_b",
        kind: "payout",
        refId2: "INV-77",
        input: { destination: { type: "bank", bankCode: "BBL", accountNo: "5555567890", accountName: "B" } },
      }),
    ]);
    await db.insert(requestEvents).values([
      { requestId: "req_0001", type: "created", actor: "usr_ann", at: new Date("2026-04-30T17:00:00Z") },
      {
        requestId: "req_0001",
        type: "submit_accepted",
        actor: "provider",
        at: new Date("2026-04-30T17:00:01Z"),
        data: { outcome: { from: "submitting", to: "pending" } },
      },
      { requestId: "req_0007", type: "created", actor: "usr_bob" },
    ]);
  });

  it.skipIf(skip)("splits tabs by kind and the withdrawal flag, newest first", async () => {
    expect(await ids(ONLY_A, filters())).toEqual(["req_0004", "req_0003", "req_0002", "req_0001"]);
    expect(await ids(ONLY_A, filters({ tab: "payout" }))).toEqual(["req_0005"]);
    expect(await ids(ONLY_A, filters({ tab: "withdrawal" }))).toEqual(["req_0006"]);
  });

  it.skipIf(skip)("filters by status group and state; a rejection for expiry counts as expired, not rejected", async () => {
    expect(await ids(ONLY_A, filters({ status: "open" }))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ status: "expired" }))).toEqual(["req_0003"]);
    expect(await ids(ONLY_A, filters({ status: "rejected" }))).toEqual(["req_0004"]);
    expect(await ids(ONLY_A, filters({ status: "failed" }))).toEqual(["req_0004", "req_0003"]);
    expect(await ids(ONLY_A, filters({ status: "succeeded" }))).toEqual(["req_0002"]);
    expect(await ids(ONLY_A, filters({ tab: "payout", status: "unknown" }))).toEqual(["req_0005"]);
    expect(await ids(ONLY_A, filters({ tab: "withdrawal", status: "open" }))).toEqual(["req_0006"]);
  });

  it.skipIf(skip)("reads the date range as Bangkok days", async () => {
    expect(await ids(ONLY_A, filters({ from: "2026-05-01", to: "2026-05-01" }))).toEqual(["req_0003", "req_0002"]);
    expect(await ids(ONLY_A, filters({ to: "2026-04-30" }))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ from: "2026-05-02" }))).toEqual(["req_0004"]);
  });

  it.skipIf(skip)("filters by amount range (inclusive) and creator", async () => {
    expect(await ids(ONLY_A, filters({ min: "325", max: "1234.50" }))).toEqual(["req_0003", "req_0001"]);
    expect(await ids(ONLY_A, filters({ min: "50,000" }))).toEqual(["req_0004"]);
    expect(await ids(ONLY_A, filters({ creator: "usr_bob" }))).toEqual(["req_0002"]);
  });

  it.skipIf(skip)("searches RefId1-3 exactly, payer names in part (Thai too), and treats LIKE wildcards as text", async () => {
    expect(await ids(ONLY_A, filters({ q: "R1" }))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ q: "INV-77" }))).toEqual(["req_0002"]);
    expect(await ids(ONLY_A, filters({ q: "ORDER-9" }))).toEqual(["req_0004"]);
    expect(await ids(ONLY_A, filters({ q: "order-9" }))).toEqual(["req_0004"]);
    expect(await ids(ONLY_A, filters({ q: "ใจดี" }))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ q: "somCHAI" }))).toEqual(["req_0002"]);
    expect(await ids(ONLY_A, filters({ q: "%_" }))).toEqual(["req_0003"]);
    expect(await ids(ONLY_A, filters({ q: "nobody" }))).toEqual([]);
  });

  it.skipIf(skip)("searches what the create forms promise: RefIds in part, tags, description and customer phone (Thai too)", async () => {
    const db = setup.db;
    await db.insert(merchants).values({
      id: "mer_s",
      displayName: "Search",
      orgId: "org",
      merchantId: "m-mer_s",
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
    });
    const [s1, s2, s3] = [
      request({
        at: "2026-06-01T01:00:00Z",
        merchantId: "mer_s",
        refId1: "PD260601-ABC123",
        refId2: "INV-2026-0042",
        refId3: "SHOP/7788",
        payerName: "นก ทองดี",
        input: { description: "ค่าเสื้อยืด size L", tags: "vip lazada", customerPhone: "0812345678" },
      }),
      request({
        at: "2026-06-01T02:00:00Z",
        merchantId: "mer_s",
        refId1: "PD260601-XYZ999",
        payerName: "Mali",
        input: { description: "Monthly rent", tags: "rent june", customerPhone: "+66898765432" },
      }),
      request({
        at: "2026-06-01T03:00:00Z",
        merchantId: "mer_s",
        kind: "payout",
        refId1: "PD260601-OUT001",
        input: { description: "Refund for order 5512", tags: "refund", destination: { type: "promptpay", promptPayId: "0899999999" } },
      }),
    ];
    await db.insert(paymentRequests).values([s1, s2, s3]);
    const S: Scope = { merchantIds: ["mer_s"] };
    const search = (q: string, tab = "payin") => ids(S, filters({ tab, q }, "mer_s"));
    // RefId1–3 in part, anywhere in the value, in any case.
    expect(await search("ABC12")).toEqual([s1.id]);
    expect(await search("abc123")).toEqual([s1.id]);
    expect(await search("2026-0042")).toEqual([s1.id]);
    expect(await search("p/778")).toEqual([s1.id]);
    expect(await search("PD260601")).toEqual([s2.id, s1.id]);
    // Tags ("words for your own searching") and the description, Thai included.
    expect(await search("lazada")).toEqual([s1.id]);
    expect(await search("JUNE")).toEqual([s2.id]);
    expect(await search("เสื้อยืด")).toEqual([s1.id]);
    expect(await search("monthly rent")).toEqual([s2.id]);
    expect(await search("order 5512", "payout")).toEqual([s3.id]);
    expect(await search("refund", "payout")).toEqual([s3.id]);
    // The customer's phone, written with separators or not, with 0 or +66, or in part.
    expect(await search("081-234-5678")).toEqual([s1.id]);
    expect(await search("0812345678")).toEqual([s1.id]);
    expect(await search("0898765432")).toEqual([s2.id]);
    expect(await search("+66 89 876 5432")).toEqual([s2.id]);
    expect(await search("2345678")).toEqual([s1.id]);
    // Nothing else: words from two different fields do not join up, and other merchants' rows stay out.
    expect(await search("ABC123 INV")).toEqual([]);
    expect(await search("เสื้อกางเกง")).toEqual([]);
    expect(await ids(ONLY_A, filters({ q: "lazada" }))).toEqual([]);
  });

  it.skipIf(skip)("answers a substring search from the trigram index (the query's text is the index's)", async () => {
    const plan = await setup.db.transaction(async (tx) => {
      // Only bitmap scans left: one needs an index whose expression is the query's, else the plan falls back to a (disabled) scan of the table.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const query = tx.select({ id: paymentRequests.id }).from(paymentRequests).where(searchCondition("lazada")).toSQL();
      const literal = (n: string) => `'${String(query.params[Number(n) - 1]).replace(/'/g, "''")}'`;
      const result = await tx.execute(sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(n))}`));
      return JSON.stringify(result);
    });
    expect(plan).toContain("payment_requests_search_idx");
    expect(plan).not.toContain("Seq Scan");
  });

  it.skipIf(skip)("searches exact amounts, requested or generated, however they are written", async () => {
    expect(await ids(ONLY_A, filters({ q: "325.52" }))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ q: "1,234.5" }))).toEqual(["req_0003"]);
    expect(await ids(ONLY_A, filters({ q: "฿50000" }))).toEqual(["req_0004"]);
    expect(await ids(ONLY_A, filters({ q: "325.5" }))).toEqual([]);
  });

  it.skipIf(skip)("searches the last digits of a destination or receiving account", async () => {
    expect(await ids(ONLY_A, filters({ tab: "payout", q: "7890" }))).toEqual(["req_0005"]);
    expect(await ids(ONLY_A, filters({ tab: "withdrawal", q: "5678" }))).toEqual(["req_0006"]);
    expect(await ids(ONLY_A, filters({ q: "3210" }))).toEqual(["req_0003"]);
    expect(await ids(ONLY_A, filters({ tab: "payout", q: "1234" }))).toEqual([]);
  });

  it.skipIf(skip)("never shows another merchant's rows, whatever the filters say", async () => {
    expect(await ids(ONLY_A, filters({ q: "R1" }, "all"))).toEqual(["req_0001"]);
    expect(await ids(ONLY_A, filters({ tab: "payout", q: "INV-77" }))).toEqual([]);
    expect(await ids(ONLY_A, filters({}, "mer_b"))).toEqual([]);
    expect(await ids({ merchantIds: [] }, filters())).toEqual([]);
    expect(await ids(ALL, filters({ q: "R1" }))).toEqual(["req_0007", "req_0001"]);
    expect(await ids(ALL, filters({ tab: "payout" }, "mer_b"))).toEqual(["req_0008"]);
    expect(await getRequestInScope(setup.db, ONLY_A, "req_0007")).toBeUndefined();
    expect(await getRequestInScope(setup.db, ONLY_A, "req_0001")).toMatchObject({
      request: { id: "req_0001" },
      merchantName: "Alpha",
      createdByName: "Ann",
    });
    expect(await listTimeline(setup.db, ONLY_A, "req_0007")).toEqual([]);
  });

  it.skipIf(skip)("gives the timeline oldest first, with staff names", async () => {
    const timeline = await listTimeline(setup.db, ONLY_A, "req_0001");
    expect(timeline.map((e) => [e.type, e.actor, e.actorName])).toEqual([
      ["created", "usr_ann", "Ann"],
      ["submit_accepted", "provider", null],
    ]);
  });

  it.skipIf(skip)("pages with a cursor through rows that share a created_at, each row once, in order", async () => {
    const tie = "2027-01-01T00:00:00.123456Z";
    const rows = [
      ...Array.from({ length: 7 }, () => request({ at: tie, merchantId: "mer_b" })),
      request({ at: "2027-01-01T00:00:00.123457Z", merchantId: "mer_b" }),
      request({ at: "2027-01-01T00:00:00.123455Z", merchantId: "mer_b" }),
    ];
    await setup.db.insert(paymentRequests).values(rows);
    const expected = (await listRequests(setup.db, ALL, filters({ from: "2027-01-01" }, "mer_b"), { limit: 100 })).rows.map((r) => r.id);
    expect(expected).toHaveLength(9);
    expect(expected[0]).toBe(rows[7]!.id);
    expect(expected.at(-1)).toBe(rows[8]!.id);

    const seen: string[] = [];
    let cursor = "";
    let prev: string | null = null;
    for (let page = 0; page < 10; page++) {
      const result = await listRequests(setup.db, ALL, filters({ from: "2027-01-01", cursor }, "mer_b"), { limit: 2 });
      seen.push(...result.rows.map((r) => r.id));
      prev = result.prevCursor;
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(expected);
    // And back, through the same ties, to the first page.
    const back: string[] = [];
    while (prev) {
      const result = await listRequests(setup.db, ALL, filters({ from: "2027-01-01", cursor: prev }, "mer_b"), { limit: 2 });
      back.unshift(...result.rows.map((r) => r.id));
      prev = result.prevCursor;
    }
    expect(back).toEqual(expected.slice(0, 8));

    const batches: string[][] = [];
    for await (const batch of iterateRequests(setup.db, ALL, filters({ from: "2027-01-01" }, "mer_b"), { batchSize: 4 }))
      batches.push(batch.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([4, 4, 1]);
    expect(batches.flat()).toEqual(expected);
  });

  it.skipIf(skip)("sorts by amount or date either way, and pages each order forward and back with positions", async () => {
    expect(await ids(ONLY_A, filters({ sort: "amount_desc" }))).toEqual(["req_0004", "req_0003", "req_0001", "req_0002"]);
    expect(await ids(ONLY_A, filters({ sort: "amount_asc" }))).toEqual(["req_0002", "req_0001", "req_0003", "req_0004"]);
    expect(await ids(ONLY_A, filters({ sort: "oldest" }))).toEqual(["req_0001", "req_0002", "req_0003", "req_0004"]);

    for (const sort of ["newest", "oldest", "amount_desc", "amount_asc"]) {
      const all = await ids(ONLY_A, filters({ sort }));
      const page = (cursor: string) => listRequests(setup.db, ONLY_A, filters({ sort, cursor }), { limit: 1 });
      // Forward to the end, one row a page, each with its position…
      const forward: Array<{ id: string; start: number; prev: string | null }> = [];
      let result = await page("");
      for (;;) {
        forward.push({ id: result.rows[0]!.id, start: result.start, prev: result.prevCursor });
        if (!result.nextCursor) break;
        result = await page(result.nextCursor);
      }
      expect(forward.map((p) => p.id)).toEqual(all);
      expect(forward.map((p) => p.start)).toEqual([0, 1, 2, 3]);
      expect(forward[0]!.prev).toBeNull();
      // …then back again from the last page to the first.
      const backward: Array<{ id: string; start: number }> = [];
      let cursor = result.prevCursor;
      while (cursor) {
        const back = await page(cursor);
        backward.push({ id: back.rows[0]!.id, start: back.start });
        expect(back.nextCursor).not.toBeNull();
        cursor = back.prevCursor;
      }
      expect(backward.map((p) => p.id)).toEqual(all.slice(0, 3).reverse());
      expect(backward.map((p) => p.start)).toEqual([2, 1, 0]);
    }
  });

  it.skipIf(skip)("counts per status and totals what is requested and paid, for the filters, up to a bound", async () => {
    expect(await summarizeRequests(setup.db, ONLY_A, filters())).toEqual({
      total: 4,
      capped: false,
      byState: { pending: 1, paid: 1, expired: 1, rejected: 1 },
      requestedSatang: 32_500 + 10_000 + 123_450 + 5_000_000,
      paidSatang: 10_000,
    });
    expect(await summarizeRequests(setup.db, ONLY_A, filters({ status: "failed", min: "1000" }))).toMatchObject({
      total: 2,
      byState: { expired: 1, rejected: 1 },
      requestedSatang: 5_123_450,
    });
    expect(await summarizeRequests(setup.db, ONLY_A, filters({ q: "nobody" }))).toEqual({
      total: 0,
      capped: false,
      byState: {},
      requestedSatang: 0,
      paidSatang: 0,
    });
    expect(await summarizeRequests(setup.db, { merchantIds: [] }, filters())).toMatchObject({ total: 0 });
    // Over the bound: "more than", and no partial sums passed off as totals.
    expect(await summarizeRequests(setup.db, ONLY_A, filters(), { bound: 3 })).toEqual({
      total: 3,
      capped: true,
      byState: {},
      requestedSatang: null,
      paidSatang: null,
    });
    expect(await summarizeRequests(setup.db, ONLY_A, filters(), { bound: 4 })).toMatchObject({ total: 4, capped: false });
  });

  it.skipIf(skip)("says when there is no older page", async () => {
    const result = await listRequests(setup.db, ONLY_A, filters(), { limit: 4 });
    expect(result.rows).toHaveLength(4);
    expect(result.nextCursor).toBeNull();
  });
});
