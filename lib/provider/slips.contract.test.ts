import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payInBody, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { createPaymentApi, type PaymentApi } from "./client";
import { failureText } from "../provider-words/failures";
import { scaled } from "@/lib/testing/vitest-project";

/** A real 1×1 PNG, so the spec profile's image check passes. */
function tinyPng(): string {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.from([0, 0]))),
    chunk("IEND", Buffer.alloc(0)),
  ]).toString("base64");
}

describe.each(["spec", "live"] as const)("slip calls against the %s sandbox", (profile) => {
  let sb: TestSandbox;
  let api: PaymentApi;
  let slip: { orgId: string; id: string; token: string };
  let other: { orgId: string; id: string; token: string };

  const create = async () => {
    const body = await (await sb.submit("SubmitPayInRequest", sb.coffee, payInBody())).json();
    const [, , orgId, id, token] = (body.paymentResponse.slipUploadUrl as string).split("/");
    return { orgId: orgId!, id: id!, token: token! };
  };

  beforeAll(async () => {
    sb = await startTestSandbox(profile);
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null });
    slip = await create();
    other = await create();
  });
  afterAll(async () => sb.dispose());

  it("verifies a slip token, and names a bad one", async () => {
    expect(await api.slips.verifyPayInToken(slip.orgId, slip.id, slip.token)).toMatchObject({ ok: true });
    const bad = await api.slips.verifyPayInToken(slip.orgId, slip.id, other.token);
    expect(bad).toMatchObject({ ok: false, kind: "rejected", code: "TOKEN_INVALID" });
    if (!bad.ok) expect(failureText(bad)).toMatch(/invalid or has expired/);
  });

  it("uploads a slip and finds it as a duplicate from another request", async () => {
    const upload = await api.slips.uploadPayInSlipById(slip.orgId, slip.id, slip.token, {
      imageBase64: tinyPng(),
      first4: "AB12",
      last4: "9Z9Z",
      note: "โอนแล้ว",
    });
    expect(upload).toMatchObject({ ok: true });
    expect((await sb.control<unknown[]>("GET", `/slips?requestId=${slip.id}`)).body).toHaveLength(1);
    const dup = await api.slips.checkPayInSlipDup(other.orgId, other.id, "ab12", "9z9z");
    expect(dup.ok && dup.data.map((d) => d.documentId)).toEqual([slip.id]);
    const own = await api.slips.checkPayInSlipDup(slip.orgId, slip.id, "AB12", "9Z9Z");
    expect(own).toMatchObject({ ok: true, data: [] });
  });

  it("does not retry an upload whose answer was lost", async () => {
    await sb.control("POST", "/faults", {
      operation: "UploadPayInSlipById",
      kind: "http500",
      when: "after",
      match: { requestId: other.id },
    });
    const result = await api.slips.uploadPayInSlipById(other.orgId, other.id, other.token, {
      imageBase64: tinyPng(),
      first4: null,
      last4: null,
      note: null,
    });
    expect(result).toMatchObject({ ok: false, kind: "provider_error", mayExist: true });
    expect((await sb.control<unknown[]>("GET", `/slips?requestId=${other.id}`)).body).toHaveLength(1);
  });
});
