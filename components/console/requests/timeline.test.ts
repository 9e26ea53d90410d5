import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "@/lib/requests/queries";
import { Timeline } from "./timeline";

const entry = (id: number, type: string, data: Record<string, unknown>): TimelineEntry => ({
  id,
  at: new Date("2025-01-02T03:04:05Z"),
  type,
  actor: "provider",
  actorName: null,
  actorKeyName: null,
  data,
});

/** The timeline's text as a person reads it: tags dropped, and the folded raw record (kept as stored) left out. */
const shown = (entries: TimelineEntry[], locale: "th" | "en") =>
  renderToStaticMarkup(Timeline({ entries, locale }))
    .replace(/<details[\s\S]*?<\/details>/g, "")
    .replace(/<[^>]+>/g, " ");

describe("the timeline's provider refusals", () => {
  // As lib/requests/create.ts stores it: the provider's code and reason, worded when shown.
  const rejected = entry(1, "submit_rejected", {
    type: "submit_rejected",
    code: "ERROR_NO_P2P_ACCOUNT_MATCH",
    description: "No payout request matched",
    outcome: { from: "submitting", to: "rejected" },
  });

  it("are worded in Thai for a Thai reader, with the code and the provider's own reason kept", () => {
    const text = shown([rejected], "th");
    expect(text).toContain("ขณะนี้ไม่มีรายการโอนจ่ายที่รออยู่ซึ่งรับการชำระแบบ P2P นี้ได้");
    expect(text).toContain("รหัสจากผู้ให้บริการ: ERROR_NO_P2P_ACCOUNT_MATCH");
    expect(text).toContain("No payout request matched");
    expect(text).not.toContain("No pending pay-out can take");
  });

  it("are worded in English for an English reader", () => {
    expect(shown([rejected], "en")).toContain(
      "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later. (ERROR_NO_P2P_ACCOUNT_MATCH)",
    );
  });

  it("keep text PayDesk did not write (an older row's) as it was stored", () => {
    const older = entry(2, "recheck", { note: "The provider rejected the API key." });
    expect(shown([older], "th")).toContain("The provider rejected the API key.");
  });
});

describe("the timeline's own PayDesk facts", () => {
  // As lib/requests/create.ts, reconcile.ts and recheck.ts store them: a call never sent, an answer lost on the way back, a check's note.
  const notSent = entry(3, "submit_rejected", {
    type: "submit_rejected",
    code: "NOT_SENT_AUTH_FAILED",
    description: null,
    facts: { kind: "auth_failed", orgId: "org-1", merchantLabel: "Siam Coffee" },
    outcome: { from: "submitting", to: "rejected" },
  });
  const lost = entry(4, "submit_uncertain", {
    type: "submit_uncertain",
    reason: { kind: "timeout", timeoutMs: 3_000, mayExist: true },
    outcome: { from: "submitting", to: "unknown" },
  });
  const recheck = entry(5, "recheck", { note: { note: "found_as", status: "Paid" }, state: "paid" });
  const ignored = entry(6, "provider_status", {
    type: "provider_status",
    status: "Paid",
    outcome: { ignored: { note: "terminal", state: "paid" } },
  });

  it("are worded in Thai for a Thai reader", () => {
    const text = shown([notSent, lost, recheck, ignored], "th");
    expect(text).toContain("ผู้ให้บริการไม่ยอมรับ API key ขององค์กร org-1 (Siam Coffee)");
    expect(text).toContain("ผู้ให้บริการไม่ตอบกลับภายใน 3 วินาที คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้");
    expect(text).toContain("พบคำขอที่ผู้ให้บริการแล้ว สถานะ “ชำระแล้ว”");
    expect(text).toContain("ไม่มีการเปลี่ยนแปลง: คำขออยู่ในสถานะ “ชำระแล้ว” แล้ว");
    expect(text).not.toMatch(/The provider|found at the provider|terminal state/);
  });

  it("are worded in English for an English reader", () => {
    const text = shown([notSent, lost, recheck, ignored], "en");
    expect(text).toContain("The provider rejected the API key for org org-1 (Siam Coffee). The key may be wrong, disabled or expired");
    expect(text).toContain("The provider did not answer within 3 s.");
    expect(text).toContain("found at the provider as Paid");
    expect(text).toContain("no change: the request is already paid; a terminal state is never left");
    expect(text).not.toMatch(/NOT_SENT_AUTH_FAILED\)/);
  });
});

describe("the timeline's held and unconfirmed webhooks", () => {
  // As lib/provider-webhooks/hold.ts and lib/provider-webhooks/process.ts store them.
  const noReadKey = entry(3, "webhook_unconfirmed", {
    event: "PaymentIn.Success",
    jobId: "j1",
    deliveryId: 7,
    detail: { note: "webhook_no_read_key" },
  });
  const appliedAnyway = entry(4, "provider_status", {
    type: "provider_status",
    status: "Paid",
    unconfirmed: true,
    outcome: { from: "pending", to: "paid" },
  });

  it("say the webhook was not applied, and why, in Thai", () => {
    const text = shown([noReadKey], "th");
    expect(text).toContain("ไม่ได้บันทึกเว็บฮุก: ผู้ให้บริการไม่ได้ยืนยัน");
    expect(text).toContain("ร้านค้าไม่มีคีย์สำหรับอ่าน");
    expect(text).not.toContain("the merchant has no read key");
  });

  it("mark a change applied without confirmation, in both languages", () => {
    expect(shown([appliedAnyway], "en")).toContain("applied WITHOUT confirmation by the provider");
    expect(shown([appliedAnyway], "th")).toContain("บันทึกโดยผู้ให้บริการไม่ได้ยืนยัน");
  });
});

describe("the timeline's order and sentences", () => {
  const at = (id: number, seconds: number, type: string, data: Record<string, unknown>): TimelineEntry => ({
    id,
    at: new Date(Date.UTC(2025, 0, 2, 3, 4, seconds)),
    type,
    actor: "provider",
    actorName: null,
    actorKeyName: null,
    data,
  });
  const entries = [
    at(1, 1, "created", {}),
    at(2, 2, "submit_accepted", { type: "submit_accepted", outcome: { from: "submitting", to: "pending" } }),
    at(3, 3, "sandbox_control", { control: "pay", providerStatus: "Paid" }),
  ];

  it("shows the newest event first", () => {
    const html = renderToStaticMarkup(Timeline({ entries, locale: "en" }));
    const types = [...html.matchAll(/data-type="([^"]+)"/g)].map((m) => m[1]);
    expect(types).toEqual(["sandbox_control", "submit_accepted", "created"]);
  });

  it("says what changed in sentences, in English and Thai, with the record as stored folded", () => {
    expect(shown(entries, "en")).toContain("Status changed from Submitting to Pending.");
    expect(shown(entries, "en")).toContain("Sandbox: Customer pays (mark paid).");
    expect(shown(entries, "en")).toContain("The provider&#x27;s status: Paid.");
    expect(shown(entries, "th")).toContain("สถานะเปลี่ยนจาก “กำลังส่ง” เป็น “รอดำเนินการ”");
    expect(shown(entries, "th")).toContain("Sandbox: ลูกค้าชำระ (ทำเป็นชำระแล้ว)");
    const html = renderToStaticMarkup(Timeline({ entries, locale: "en" }));
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Details<\/summary><pre[^>]*>\{\n {2}&quot;control&quot;: &quot;pay&quot;/);
    expect(html).not.toMatch(/<details[^>]* open/);
  });
});
