import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-guard";
import { sendAttempt } from "./send";
import { newSigningSecret, signedHeaders } from "./signature";
import { startReceiver, type Receiver } from "./testing/receiver";

describe("one outbound webhook attempt", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.behave({ kind: "status", status: 200 });
  });

  const body = JSON.stringify({ id: "evt_1", type: "payin.paid", data: { id: "req_1", amount: "150.00" } });
  const send = (extra: Partial<Parameters<typeof sendAttempt>[0]> = {}) =>
    sendAttempt({
      url: `${receiver.url}/hooks`,
      body,
      headers: signedHeaders("evt_1", body, [newSigningSecret()]),
      allowPrivate: true,
      ...extra,
    });

  it("is signed so the standardwebhooks package verifies it, with both secrets while a rotation overlaps", async () => {
    const [old, fresh] = [newSigningSecret(), newSigningSecret()];
    const attempt = await sendAttempt({ url: receiver.url, body, headers: signedHeaders("evt_7", body, [fresh, old]), allowPrivate: true });
    expect(attempt).toMatchObject({ ok: true, status: 200, error: null });
    const got = receiver.received[0]!;
    expect(got.body).toBe(body);
    expect(got.headers["webhook-id"]).toBe("evt_7");
    const headers = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    for (const secret of [old, fresh]) expect(new Webhook(secret).verify(got.body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(got.body, headers)).toThrow();
    expect(() => new Webhook(fresh).verify(got.body.replace("150.00", "15000.00"), headers)).toThrow();
  });

  it("counts only a 2xx as success, and does not follow a redirect", async () => {
    for (const status of [500, 404, 410]) {
      receiver.behave({ kind: "status", status });
      expect(await send()).toMatchObject({ ok: false, status, error: null });
    }
    receiver.behave({ kind: "status", status: 204 });
    expect(await send()).toMatchObject({ ok: true, status: 204 });
    receiver.received.length = 0;
    receiver.behave({ kind: "redirect", to: `${receiver.url}/elsewhere` });
    expect(await send()).toMatchObject({ ok: false, status: 302 });
    expect(receiver.received).toHaveLength(1);
  });

  it("gives up on an endpoint that does not answer in time, and says so", async () => {
    receiver.behave({ kind: "hang" });
    const attempt = await send({ timeoutMs: 300 });
    expect(attempt).toMatchObject({ ok: false, status: null, error: "timeout" });
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it("keeps the first KB of the answer, and reports a refused connection", async () => {
    receiver.behave({ kind: "status", status: 500, body: "x".repeat(5_000) });
    const attempt = await send();
    expect(attempt.answer).toHaveLength(1024);
    expect(await sendAttempt({ url: "http://127.0.0.1:1/hooks", body, headers: {}, allowPrivate: true })).toMatchObject({
      ok: false,
      status: null,
      error: "connection",
    });
  });

  it("refuses loopback in production, given as an address or as a name that resolves to it, before anything is sent", async () => {
    const port = new URL(receiver.url).port;
    for (const url of [`http://127.0.0.1:${port}/hooks`, `http://localhost:${port}/hooks`, `http://[::ffff:127.0.0.1]:${port}/hooks`]) {
      expect(await sendAttempt({ url, body, headers: {}, allowPrivate: false }), url).toMatchObject({
        ok: false,
        error: "forbidden_address",
      });
    }
    expect(receiver.received).toHaveLength(0);
  });
});

describe("public addresses", () => {
  it("tells the public internet from loopback, private, link-local, metadata and reserved ranges", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "203.0.114.1", "2606:4700:4700::1111", "::ffff:808:808"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("judges an IPv6 address that carries an IPv4 one (IPv4-compatible, NAT64, 6to4, Teredo) by the IPv4 address inside", () => {
    for (const address of [
      "64:ff9b::808:808",
      "2002:808:808::1",
      // Teredo: server 65.54.227.120, client 8.8.4.4 (its bits inverted in the last 32).
      "2001:0:4136:e378:8000:63bf:f7f7:fbfb",
    ])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "::7f00:1",
      "::127.0.0.1",
      "::a00:1",
      "::ffff:0:7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::1",
      "2002:c0a8:101::1",
      "2002:a9fe:a9fe::1",
      // Teredo whose client is 127.0.0.1 (80ff:fffe inverted), and whose server is private.
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      "2001:0:a00:1:8000:63bf:f7f7:fbfb",
      "2001:db8::1",
      "2001:2::1",
      "fec0::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
