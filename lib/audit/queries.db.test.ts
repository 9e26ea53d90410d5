import { beforeAll, describe, expect, it } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { auditLog, merchants } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { csvStream } from "../requests/csv";
import { AUDIT_CSV_COLUMNS } from "./csv";
import {
  auditFilterOptions,
  bangkokMidnight,
  iterateAudit,
  listAudit,
  parseAuditFilters,
  type AuditFilters,
  type AuditViewer,
} from "./queries";
import { setUpTestDatabase } from "../testing/database-fixture";

describe("audit filters from the URL", () => {
  it("keeps what it can use and names what it cannot", () => {
    expect(
      parseAuditFilters({ actor: "usr_1", outcome: "denied", from: "2026-11-01", to: ["2026-11-30", "x"], before: "120", merchant: " " }),
    ).toEqual({
      filters: { actor: "usr_1", outcome: "denied", from: "2026-11-01", to: "2026-11-30", before: 120 },
      ignored: [],
    });
    expect(parseAuditFilters({ from: "e2e", to: "2026-13-45", outcome: "maybe", before: "-3" })).toEqual({
      filters: {},
      ignored: ["outcome", "from", "to", "before"],
    });
  });

  it("reads days as Bangkok days (UTC+7)", () => {
    expect(bangkokMidnight("2026-11-22").toISOString()).toBe("2026-11-21T17:00:00.000Z");
  });
});

describe.each(DATABASE_KINDS)("the audit log on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let admin: { id: string };
  let finance: { id: string };
  const everyone = () => ({ userId: admin.id, merchantIds: null });

  beforeAll(async () => {
    if (skip) return;
    admin = await insertStaff(setup.db, { role: "admin" });
    finance = await insertStaff(setup.db, { role: "finance", merchantIds: ["mer_a"] });
    const merchant = (id: string) => ({
      id,
      displayName: `Shop ${id}`,
      orgId: "org",
      merchantId: `m-${id}`,
      submitKeyEncrypted: "v1.x",
      submitKeyLast4: "abcd",
    });
    await setup.db.insert(merchants).values([merchant("mer_a"), merchant("mer_b")]);
    // 2026-11-21 23:30 Bangkok is still the 21st there, though the 21st 16:30 UTC.
    const day21Late = new Date("2026-11-21T16:30:00Z");
    const day22Early = new Date("2026-11-21T17:30:00Z"); // 00:30 on the 22nd in Bangkok
    const rows = [
      {
        at: day21Late,
        actorId: admin.id,
        action: "merchant.rotate-keys",
        outcome: "ok",
        merchantId: "mer_a",
        target: "mer_a",
        ip: "203.0.113.1",
      },
      { at: day22Early, actorId: admin.id, action: "staff.change-access", outcome: "ok", target: finance.id, ip: "203.0.113.1" },
      { at: day22Early, actorId: finance.id, action: "payout.create", outcome: "denied", merchantId: "mer_b", ip: "203.0.113.2" },
      { at: day22Early, actorId: finance.id, action: "auth.sign-in", outcome: "ok", target: "finance@shop.example", ip: "203.0.113.2" },
      { at: day22Early, actorId: null, action: "auth.sign-in", outcome: "failed", target: "nobody@shop.example", ip: "198.51.100.9" },
    ];
    for (const row of rows) await setup.db.insert(auditLog).values(row);
    // Enough rows to need several pages.
    await setup.db.insert(auditLog).values(
      Array.from({ length: 7 }, (_, i) => ({
        at: new Date("2026-11-23T03:00:00Z"),
        actorId: admin.id,
        action: "merchant.test",
        outcome: "ok",
        target: `t${i}`,
      })),
    );
  });

  it.skipIf(skip)("lists newest first with who, on what and from where", async () => {
    const { rows } = await listAudit(setup.db, everyone(), {});
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const change = rows.find((r) => r.action === "staff.change-access");
    expect(change).toMatchObject({ actorName: "Test admin", targetName: "Test finance", ip: "203.0.113.1", outcome: "ok" });
    expect(rows.find((r) => r.action === "merchant.rotate-keys")).toMatchObject({ merchantName: "Shop mer_a", targetName: "Shop mer_a" });
    expect(rows.find((r) => r.outcome === "failed")).toMatchObject({ actorName: null, target: "nobody@shop.example" });
  });

  it.skipIf(skip)("filters by person, action, outcome, merchant and Bangkok days, together", async () => {
    const actions = async (filters: Parameters<typeof listAudit>[2]) =>
      (await listAudit(setup.db, everyone(), filters)).rows.map((r) => r.action).sort();
    expect(await actions({ actor: finance.id })).toEqual(["auth.sign-in", "payout.create"]);
    expect(await actions({ action: "auth.sign-in" })).toEqual(["auth.sign-in", "auth.sign-in"]);
    expect(await actions({ outcome: "denied" })).toEqual(["payout.create"]);
    expect(await actions({ merchant: "mer_a" })).toEqual(["merchant.rotate-keys"]);
    expect(await actions({ from: "2026-11-21", to: "2026-11-21" })).toEqual(["merchant.rotate-keys"]);
    expect(await actions({ from: "2026-11-22", to: "2026-11-22" })).toEqual([
      "auth.sign-in",
      "auth.sign-in",
      "payout.create",
      "staff.change-access",
    ]);
    expect(await actions({ from: "2026-11-22", actor: finance.id, outcome: "ok" })).toEqual(["auth.sign-in"]);
    expect(await actions({ to: "2026-11-20" })).toEqual([]);
  });

  it.skipIf(skip)("pages by id: every row once, in order, and a page is not shifted by new rows", async () => {
    const seen: number[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await listAudit(setup.db, everyone(), { before }, 5);
      seen.push(...page.rows.map((r) => r.id));
      if (pages === 0) await setup.db.insert(auditLog).values({ actorId: admin.id, action: "merchant.test", outcome: "ok" }); // written while reading
      before = page.nextBefore ?? undefined;
      pages++;
    } while (before !== undefined);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    // Filters hold across pages.
    const first = await listAudit(setup.db, everyone(), { action: "merchant.test" }, 3);
    const second = await listAudit(setup.db, everyone(), { action: "merchant.test", before: first.nextBefore! }, 3);
    expect([...first.rows, ...second.rows].every((r) => r.action === "merchant.test")).toBe(true);
  });

  it.skipIf(skip)("shows a merchant-limited person only their merchants' rows and their own", async () => {
    const viewer = { userId: finance.id, merchantIds: ["mer_a"] };
    const { rows } = await listAudit(setup.db, viewer, {});
    expect(rows.map((r) => r.action).sort()).toEqual(["auth.sign-in", "merchant.rotate-keys", "payout.create"]);
    // A filter cannot widen the scope.
    expect((await listAudit(setup.db, viewer, { merchant: "mer_b", actor: admin.id })).rows).toEqual([]);
    const options = await auditFilterOptions(setup.db, viewer);
    expect(options.merchants.map((m) => m.id)).toEqual(["mer_a"]);
    expect((await listAudit(setup.db, { userId: "usr_none", merchantIds: [] }, {})).rows).toEqual([]);
  });

  /** The CSV export's bytes for this viewer and these filters, in small batches (so several are read). */
  const exported = async (viewer: AuditViewer, filters: AuditFilters) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      await new Response(csvStream(AUDIT_CSV_COLUMNS, iterateAudit(setup.db, viewer, filters, { batchSize: 2 }))).arrayBuffer(),
    );
  const lines = (csv: string) => csv.split("\r\n").slice(1, -1);

  it.skipIf(skip)("exports every matching row as Excel-safe CSV, in batches, newest first, with the page's filters", async () => {
    await setup.db.insert(auditLog).values({
      at: new Date("2026-11-24T05:00:00Z"),
      actorId: admin.id,
      action: "webhook-endpoint.create",
      outcome: "ok",
      merchantId: "mer_a",
      target: '=HYPERLINK("http://evil")',
      ip: "203.0.113.1",
      data: { url: "https://shop.example/hooks", note: "a, b" },
    });
    const all = await exported(everyone(), {});
    // A byte-order mark (Excel reads Thai names right), then the header.
    expect(all.split("\r\n")[0]).toBe(
      "\uFEFFid,at_bangkok,actor_id,actor_name,actor_email,action,action_words,outcome,merchant_id,merchant,target,target_name,ip,details",
    );
    expect(all.endsWith("\r\n")).toBe(true);
    const everyRow = (await listAudit(setup.db, everyone(), {}, 1_000)).rows;
    const ids = lines(all).map((line) => Number(line.split(",")[0]));
    expect(ids).toEqual(everyRow.map((r) => r.id)); // every row once, newest first, across batches of 2
    const webhook = lines(all)[0]!;
    expect(webhook).toContain(",2026-11-24 12:00:00,"); // Bangkok wall time
    expect(webhook).toContain(",webhook-endpoint.create,Add a webhook endpoint,ok,mer_a,Shop mer_a,");
    expect(webhook).toContain(`,"'=HYPERLINK(""http://evil"")",`); // a formula stays text
    expect(webhook).toContain(`"{""url"":""https://shop.example/hooks"",""note"":""a, b""}"`);

    const filtered = await exported(everyone(), { actor: finance.id, from: "2026-11-22", to: "2026-11-22" });
    expect(
      lines(filtered)
        .map((line) => line.split(",")[5])
        .sort(),
    ).toEqual(["auth.sign-in", "payout.create"]);
    expect(lines(await exported(everyone(), { to: "2026-11-20" }))).toEqual([]);
  });

  it.skipIf(skip)("exports to a merchant-limited person only what the page shows them", async () => {
    const viewer = { userId: finance.id, merchantIds: ["mer_a"] };
    const shown = (await listAudit(setup.db, viewer, {}, 1_000)).rows.map((r) => r.id);
    const csv = await exported(viewer, {});
    expect(lines(csv).map((line) => Number(line.split(",")[0]))).toEqual(shown);
    // Only mer_a's rows, and their own (a refusal they met at mer_b is theirs).
    expect(lines(csv).every((line) => line.split(",")[8] === "mer_a" || line.split(",")[2] === finance.id)).toBe(true);
    expect(lines(csv).some((line) => line.split(",")[2] === admin.id && line.split(",")[8] !== "mer_a")).toBe(false);
    expect(lines(await exported(viewer, { merchant: "mer_b", actor: admin.id }))).toEqual([]);
  });
});
