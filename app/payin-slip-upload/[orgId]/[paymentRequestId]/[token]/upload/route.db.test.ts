/**
 * The slip upload route against a real sandbox: nothing of an anonymous body is read before the
 * link's token has passed, never more than the cap, and what reaches the provider is a re-encoded
 * JPEG — not the customer's bytes.
 */
import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { requestEvents, slips } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { createKeyVault } from "@/lib/merchants/key-vault";
import { createMerchant } from "@/lib/merchants/manage";
import { createPaymentApi, type PaymentApi } from "@/lib/provider/client";
import { createRequest } from "@/lib/requests/create";
import { MAX_UPLOAD_BYTES } from "@/lib/slips/image";
import type { SlipLink } from "@/lib/slips/link";
import { payInRequest } from "@/lib/requests/contract";

// The handler's surroundings outside Next: the database and the provider client it is wired to.
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, api: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
vi.mock("@/lib/provider", () => ({ paymentApi: async () => surroundings.api }));

const { POST } = await import("./route");

const CHUNK = 64 * 1024;

/** A body that counts what the server pulled from it, `total` bytes of filler in 64 KB chunks. */
function countedBody(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, total - counter.pulled)).fill(0x41);
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

const post = (link: SlipLink, body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  POST(
    new Request(`http://paydesk.test/payin-slip-upload/${link.orgId}/${link.paymentRequestId}/${link.token}/upload`, {
      method: "POST",
      body,
      headers,
      duplex: "half",
    } as RequestInit),
    {
      params: Promise.resolve({ ...link }),
    },
  );

const slipForm = (image: Uint8Array) => {
  const form = new FormData();
  form.append("image", new Blob([image as BlobPart], { type: "image/jpeg" }), "slip.jpg");
  form.append("first4", "");
  form.append("last4", "");
  form.append("note", "");
  form.append("duplicatesSeen", "0");
  return form;
};

/** 44 bytes that pass for a JPEG by their first and last bytes and carry HTML in a comment segment. */
function polyglot(): Uint8Array {
  const html = Buffer.from("<html><script>alert(1)</script>".padEnd(36, " "));
  const length = Buffer.alloc(2);
  length.writeUInt16BE(html.length + 2);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe]), length, html, Buffer.from([0xff, 0xd9])]));
}

/** A database, a sandbox and a Pay-In with its slip link; the route wired to them. */
function withSlipLink() {
  const at = {} as { database: TestDatabase; sb: TestSandbox; provider: PaymentApi; link: SlipLink; providerId: string };
  beforeAll(async () => {
    at.database = await createTestDatabase("pglite");
    at.sb = await startTestSandbox("spec");
    at.provider = createPaymentApi({ baseUrl: at.sb.url, timeoutMs: 5_000, limiter: null });
    surroundings.db = at.database.db as Db;
    surroundings.api = at.provider;
    const merchantRowId = (
      await createMerchant(at.database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Coffee",
        orgId: at.sb.coffee.orgId,
        merchantId: at.sb.coffee.merchantId,
        submitKey: at.sb.coffee.submitKey,
        readKey: at.sb.coffee.readKey,
      })
    ).id;
    const created = await createRequest(
      at.database.db,
      at.provider.forMerchant({ ...at.sb.coffee, label: "Coffee" }),
      { kind: "payin", payIn: payInRequest({ refId1: ref("U"), payerName: "สมชาย", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(created.outcome);
    const [, , orgId, paymentRequestId, token] = (created.request.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
    at.link = { orgId: orgId!, paymentRequestId: paymentRequestId!, token: token! };
    at.providerId = created.request.providerId!;
  });
  afterAll(async () => {
    await at.sb?.dispose();
    await at.database?.dispose();
  });
  return at;
}

describe("POST …/upload", () => {
  const at = withSlipLink();
  let database: TestDatabase;
  let sb: TestSandbox;
  let link: SlipLink;
  let providerId: string;
  beforeAll(() => ({ database, sb, link, providerId } = at));

  const forwarded = () => sb.ctx.store.all("slips").filter((s) => s.requestId === providerId);

  it("refuses a link the provider does not know before reading the body", async () => {
    const { stream, counter } = countedBody(8 * 1024 * 1024);
    const response = await post({ ...link, token: randomUUID() }, stream, { "content-type": "multipart/form-data; boundary=x" });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ problem: "link_invalid" });
    // At most what the stream buffers by itself before anyone reads.
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("stops reading a chunked body at the cap and answers 413, for a good link too", async () => {
    const { stream, counter } = countedBody(16 * 1024 * 1024);
    const response = await post(link, stream, { "content-type": "multipart/form-data; boundary=x" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ problem: "too_large" });
    expect(counter.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * CHUNK);
    expect(forwarded()).toHaveLength(0);
  });

  it("refuses a JPEG/HTML polyglot with a clear problem, and forwards nothing", async () => {
    const bytes = polyglot();
    expect(bytes).toHaveLength(44);
    const response = await post(link, slipForm(bytes));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ problem: "corrupt" });
    expect(forwarded()).toHaveLength(0);
  });

  it("refuses a NUL character in the note with its own problem, and forwards or records nothing", async () => {
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 30, g: 30, b: 200 } } })
      .jpeg()
      .toBuffer();
    const form = slipForm(new Uint8Array(photo));
    form.set("note", "paid\u0000 at 10:02");
    const before = forwarded().length;
    const response = await post(link, form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ problem: "note_nul" });
    expect(forwarded()).toHaveLength(before);
    const events = await database.db.select().from(requestEvents).where(eq(requestEvents.type, "slip_uploaded"));
    expect(events).toEqual([]);
  });

  it("forwards a photo re-encoded: upright by its EXIF orientation, without its EXIF (GPS, the phone's make)", async () => {
    const photo = await sharp({ create: { width: 60, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: "SlipPhoneMaker" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "13/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "100/1 30/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif).toBeDefined();
    expect(photo.includes(Buffer.from("SlipPhoneMaker"))).toBe(true);

    const response = await post(link, slipForm(new Uint8Array(photo)));
    expect(response.status).toBe(200);
    const arrived = Buffer.from(forwarded().at(-1)!.imageBase64!, "base64");
    const meta = await sharp(arrived).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 20, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(arrived.includes(Buffer.from("SlipPhoneMaker"))).toBe(false);
  });

  it("keeps an accepted slip for staff: the JPEG the provider got, its thumbnail, the reference and note, named on the timeline", async () => {
    const photo = await sharp({ create: { width: 30, height: 50, channels: 3, background: { r: 10, g: 160, b: 60 } } })
      .png()
      .toBuffer();
    const form = slipForm(new Uint8Array(photo));
    form.set("first4", "ab12");
    form.set("last4", "9XYZ");
    form.set("note", "โอนจากบัญชีภรรยา");
    const response = await post(link, form);
    expect(response.status).toBe(200);

    const arrived = Buffer.from(forwarded().at(-1)!.imageBase64!, "base64");
    const [kept] = await database.db.select().from(slips).where(eq(slips.note, "โอนจากบัญชีภรรยา"));
    expect(kept).toMatchObject({
      first4: "AB12",
      last4: "9XYZ",
      imageType: "image/jpeg",
      thumbnailType: "image/webp",
      byteSize: arrived.length,
      // What its QR says is read with the upload (here, outside Next, before the answer): none on this one.
      qrKind: "none",
    });
    expect(kept!.qrReadAt).toBeInstanceOf(Date);
    expect(Buffer.from(kept!.image).equals(arrived)).toBe(true);
    expect((await sharp(Buffer.from(kept!.thumbnail)).metadata()).format).toBe("webp");
    const events = await database.db.select().from(requestEvents).where(eq(requestEvents.type, "slip_uploaded"));
    expect(events.at(-1)?.data).toMatchObject({ slipId: kept!.id, reference: "AB12…9XYZ", note: "โอนจากบัญชีภรรยา" });
    expect(events.at(-1)?.requestId).toBe(kept!.requestId);
  });

  it("keeps nothing when the provider failed the upload: the customer is told to send it again", async () => {
    await sb.control("POST", "/faults", { operation: "UploadPayInSlipById", kind: "http500", count: 1, match: { requestId: providerId } });
    const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg()
      .toBuffer();
    const before = await database.db.select({ id: slips.id }).from(slips);
    const response = await post(link, slipForm(new Uint8Array(photo)));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ problem: "provider_failed" });
    expect(await database.db.select({ id: slips.id }).from(slips)).toEqual(before);
  });
});

// Its own database: the public pages' share of the provider's budget (5 calls in 10 s here) is the first block's to spend.
describe("POST …/upload from the page without script", () => {
  const at = withSlipLink();
  const forwarded = () => at.sb.ctx.store.all("slips").filter((s) => s.requestId === at.providerId);

  it("takes the page's form posted without script (a navigation): the picker holding the slip is the one sent, and the customer is sent back to the page with the outcome", async () => {
    const { link } = at;
    const page = `/payin-slip-upload/${link.orgId}/${link.paymentRequestId}/${link.token}`;
    const navigation = { "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const photo = await sharp({ create: { width: 24, height: 40, channels: 3, background: { r: 20, g: 120, b: 160 } } })
      .jpeg()
      .toBuffer();
    // Both of the page's pickers are named "image"; the camera's, first, holds nothing.
    const form = new FormData();
    form.append("image", new Blob([], { type: "application/octet-stream" }), "");
    form.append("image", new Blob([new Uint8Array(photo) as BlobPart], { type: "image/jpeg" }), "IMG_0042.jpg");
    form.append("first4", "");
    form.append("last4", "");
    form.append("note", "ส่งโดยไม่มีสคริปต์");
    form.append("duplicatesSeen", "0");
    const before = forwarded().length;
    const sent = await post(link, form, navigation);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${page}?sent=done`);
    expect(forwarded()).toHaveLength(before + 1);
    expect(forwarded().at(-1)).toMatchObject({ note: "ส่งโดยไม่มีสคริปต์" });
    const arrived = await sharp(Buffer.from(forwarded().at(-1)!.imageBase64!, "base64")).metadata();
    expect(arrived).toMatchObject({ width: 24, height: 40 });

    // Nothing picked: back to the page, which says to choose the slip first; nothing forwarded.
    const empty = new FormData();
    empty.append("image", new Blob([], { type: "application/octet-stream" }), "");
    empty.append("image", new Blob([], { type: "application/octet-stream" }), "");
    const refused = await post(link, empty, navigation);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`${page}?sent=noImage`);
    expect(forwarded()).toHaveLength(before + 1);
  });
});
