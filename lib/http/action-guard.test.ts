import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../bulk/csv";
import { ACTION_BODY_LIMIT_BYTES, isActionPost, refuseBadActionPost } from "./action-guard";

const ACTION = "7f2b4fc296b09d3b551c445f2fff04b2a55afea619";

function multipart(fields: Record<string, string>, boundary = "----b0undary"): string {
  return Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("")
    .concat(`--${boundary}--\r\n`);
}

/** An action post as the browser sends it from PayDesk's own page; `null` leaves a header out. */
function post(body: BodyInit, headers: Record<string, string | null> = {}): Request {
  const all = {
    host: "127.0.0.1:3000",
    origin: "http://127.0.0.1:3000",
    "next-action": ACTION,
    "content-type": "multipart/form-data; boundary=----b0undary",
    ...headers,
  };
  const present = Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null);
  return new Request("http://127.0.0.1:3000/login", { method: "POST", body, headers: present, duplex: "half" } as RequestInit);
}

/** A body that arrives in pieces with no length, as a chunked upload does. */
function chunked(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = new Uint8Array(Math.min(64 * 1024, total - sent)).fill(97);
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
}

describe("server-action posts Next would fail on", () => {
  it("lets a well-formed action through, its body still readable", async () => {
    const request = post(multipart({ "1_locale": "th", "0": '[null,"$K1"]' }));
    expect(await refuseBadActionPost(request)).toBeNull();
    expect(await request.text()).toContain("1_locale");
    expect(await refuseBadActionPost(post("[]", { "content-type": "text/plain;charset=UTF-8" }))).toBeNull();
    // No Origin: a hand-made request, let through as Next does.
    expect(await refuseBadActionPost(post("[]", { "content-type": "text/plain", origin: null }))).toBeNull();
  });

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["an opaque origin", { origin: "null" }],
    ["an origin that is not a URL", { origin: "::::" }],
    ["an empty origin", { origin: "" }],
    ["another forwarded host", { "x-forwarded-host": "paydesk.example.co.th" }],
  ])("refuses an action posted from %s with 403", async (_, headers) => {
    const refusal = await refuseBadActionPost(post(multipart({ "0": "[]" }), headers));
    expect(refusal?.status).toBe(403);
    expect(await refusal?.text()).toBe("Cross-site request refused.\n");
  });

  it("accepts the forwarded host a reverse proxy names", async () => {
    expect(
      await refuseBadActionPost(
        post(multipart({ "0": "[]" }), {
          origin: "https://pay.example.co.th",
          host: "127.0.0.1:3000",
          "x-forwarded-host": "pay.example.co.th",
        }),
      ),
    ).toBeNull();
  });

  it("refuses a body over the limit with 413, by its length or, chunked, by reading one byte past the limit", async () => {
    const declared = await refuseBadActionPost(post("x", { "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) }));
    expect(declared?.status).toBe(413);
    const streamed = await refuseBadActionPost(post(chunked(ACTION_BODY_LIMIT_BYTES + 1), { "content-type": "text/plain" }));
    expect(streamed?.status).toBe(413);
    expect(await streamed?.text()).toBe("Request body over 2 MB.\n");
    expect(await refuseBadActionPost(post(`[${'"a",'.repeat(1000)}"a"]`, { "content-type": "text/plain" }))).toBeNull();
  });

  it("lets a bulk Pay-Out file just over its own 1 MB limit through to the action, which refuses it in words", async () => {
    const boundary = "----b0undary";
    // 1.1 MB: over the file's limit, and with the form around it over Next's default 1 MiB too.
    const csv = "amount,promptpay_id\n" + "1.00,0812345678\n".repeat(Math.ceil((MAX_FILE_BYTES * 1.1) / 16));
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const body =
      multipart({ "0": '["$K1"]', "1_merchantId": "mer_0123456789abcdef" }, boundary).replace(`--${boundary}--\r\n`, "") +
      `--${boundary}\r\nContent-Disposition: form-data; name="1_file"; filename="payouts.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    expect(await refuseBadActionPost(post(body, { "content-length": String(Buffer.byteLength(body)) }))).toBeNull();
  });

  it("holds the same limit as next.config.mjs gives Next", async () => {
    const { default: config } = (await import(new URL("../../next.config.mjs", import.meta.url).href)) as {
      default: { experimental: { serverActions: { bodySizeLimit: string } } };
    };
    const [, megabytes] = /^(\d+)mb$/.exec(config.experimental.serverActions.bodySizeLimit) ?? [];
    expect(Number(megabytes) * 1024 * 1024).toBe(ACTION_BODY_LIMIT_BYTES);
  });

  it.each([
    ["a plain body that is not JSON", "{not json", { "content-type": "text/plain;charset=UTF-8" }],
    ["a multipart body that does not parse", "garbage", {}],
    ["a multipart body without its root row", multipart({ "1_locale": "th" }), {}],
    ["a root row that is not JSON", multipart({ "0": "[null," }), {}],
    ["bytes that are not UTF-8", new Uint8Array([0x5b, 0xff, 0x5d]), { "content-type": "text/plain" }],
  ])("refuses %s with 400", async (_, body, headers) => {
    const refusal = await refuseBadActionPost(post(body as BodyInit, headers));
    expect(refusal?.status).toBe(400);
    expect(await refusal?.text()).toBe("Malformed action request.\n");
  });

  it("looks at action posts only: not route handlers, not the customer's uploads, not reads", () => {
    const at = (path: string, init: RequestInit) => new Request(`http://127.0.0.1:3000${path}`, init);
    const form = { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" } };
    expect(isActionPost(at("/requests", form), "/requests", false)).toBe(true);
    expect(isActionPost(at("/requests", { method: "POST", headers: { "next-action": ACTION } }), "/requests", false)).toBe(true);
    // A fetch action runs whatever page it is posted to, the customer's included.
    expect(isActionPost(at("/checkout/t", { method: "POST", headers: { "next-action": ACTION } }), "/checkout/t", true)).toBe(true);
    expect(isActionPost(at("/payin-slip-upload/o/p/t/upload", form), "/payin-slip-upload/o/p/t/upload", true)).toBe(false);
    expect(
      isActionPost(at("/api/webhooks/payment", { method: "POST", headers: { "next-action": ACTION } }), "/api/webhooks/payment", true),
    ).toBe(false);
    expect(isActionPost(at("/requests", { method: "GET" }), "/requests", false)).toBe(false);
    expect(
      isActionPost(at("/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }), "/login", false),
    ).toBe(false);
  });
});
