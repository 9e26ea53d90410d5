/**
 * The real-time channel end to end, spec profile: a Pay-In's sessionId joined on
 * `/realtime/payment-tx` with the official `@microsoft/signalr` client, and `payment.completed`
 * {sessionId, amount} pushed only when money is matched or an admin approves a (non-P2P) pay-in
 * (docs/provider-facts.md §4.10). "No event" is proven without sleeping: events travel in order on one
 * WebSocket, so once a later sentinel event has arrived, an earlier one would have arrived first.
 */
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from "@microsoft/signalr";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { payInBody, payOutBody, startTestSandbox, type SubmitOperation, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";

interface Completed {
  sessionId: string;
  amount: number;
}

interface Listener {
  connection: HubConnection;
  events: Completed[];
  /** Resolves with the first event for sessionId, polling until the deadline. */
  next(sessionId: string, timeoutMs?: number): Promise<Completed>;
}

let sb: TestSandbox;
const open: HubConnection[] = [];

beforeAll(async () => {
  sb = await startTestSandbox("spec");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});
afterAll(async () => sb.dispose());

async function listen(...sessionIds: string[]): Promise<Listener> {
  return listenOn(sb, ...sessionIds);
}

async function listenOn(target: TestSandbox, ...sessionIds: string[]): Promise<Listener> {
  // The Node client accepts only http(s) URLs and switches to ws:// itself.
  const connection = new HubConnectionBuilder()
    .withUrl(`${target.url}/realtime/payment-tx`, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  open.push(connection);
  const events: Completed[] = [];
  connection.on("payment.completed", (payload: Completed) => events.push(payload));
  await connection.start();
  expect(connection.state).toBe(HubConnectionState.Connected);
  for (const id of sessionIds) await connection.invoke("JoinPayment", id);
  return {
    connection,
    events,
    async next(sessionId, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.sessionId === sessionId);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no payment.completed for ${sessionId} within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

async function submit(operation: SubmitOperation, body: Record<string, unknown>): Promise<Json> {
  const res = await sb.submit(operation, sb.coffee, body);
  const envelope = (await res.json()) as Json;
  expect(envelope.status, JSON.stringify(envelope)).toBe("OK");
  return envelope.paymentResponse;
}

async function control(path: string, body: unknown = {}): Promise<Json> {
  const { status, body: answer } = await sb.control<Json>("POST", path, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer;
}

async function statusOf(id: string): Promise<string> {
  const res = await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: id });
  return ((await res.json()) as Json).paymentRequest.status;
}

describe("payment.completed on /realtime/payment-tx", () => {
  it("reaches a client that joined the sessionId when the exact generatedAmount is paid", async () => {
    const payIn = await submit("SubmitPayInRequest", payInBody({ RequestedAmount: 325.5 }));
    expect(payIn.websocketPath).toBe("/realtime/payment-tx");
    const listener = await listen(payIn.sessionId);

    const paid = await control(`/requests/${payIn.id}/pay`);
    expect(paid).toMatchObject({ matched: true, hubDeliveries: 1, request: { id: payIn.id, status: "Paid" } });

    const event = await listener.next(payIn.id);
    expect(event).toEqual({ sessionId: payIn.id, amount: payIn.generatedAmount });
    expect(listener.events).toHaveLength(1);
    expect(await statusOf(payIn.id)).toBe("Paid");
  });

  it("stays silent for a transfer of the wrong amount, which matches nothing and leaves the request Pending", async () => {
    const payIn = await submit("SubmitPayInRequest", payInBody({ RequestedAmount: 150 }));
    const listener = await listen(payIn.id);

    const wrong = await control(`/requests/${payIn.id}/pay`, { amount: "1.00" });
    expect(wrong).toMatchObject({ matched: false, unidentifiedId: expect.any(String), request: { id: payIn.id, status: "Pending" } });
    expect(await statusOf(payIn.id)).toBe("Pending");

    // The right amount afterwards produces exactly one event: the wrong one sent none before it.
    expect(await control(`/requests/${payIn.id}/pay`)).toMatchObject({ matched: true, hubDeliveries: 1 });
    await listener.next(payIn.id);
    expect(listener.events).toEqual([{ sessionId: payIn.id, amount: payIn.generatedAmount }]);
  });

  it("is also pushed when an admin approves a pay-in", async () => {
    const payIn = await submit("SubmitPayInRequest", payInBody({ RequestedAmount: 88.25 }));
    const listener = await listen(payIn.id);
    expect(await control(`/requests/${payIn.id}/approve`)).toMatchObject({ hubDeliveries: 1, request: { status: "Paid" } });
    expect(await listener.next(payIn.id)).toEqual({ sessionId: payIn.id, amount: payIn.generatedAmount });
  });

  it("is not pushed when a pay-in is rejected or expires", async () => {
    const rejected = await submit("SubmitPayInRequest", payInBody());
    const expired = await submit("SubmitPayInRequest", payInBody());
    const sentinel = await submit("SubmitPayInRequest", payInBody());
    const listener = await listen(rejected.id, expired.id, sentinel.id);

    expect(await control(`/requests/${rejected.id}/reject`, { reason: "customer cancelled" })).toMatchObject({
      hubDeliveries: 0,
      request: { status: "Rejected" },
    });
    expect(await control(`/requests/${expired.id}/expire`)).toMatchObject({ hubDeliveries: 0, request: { status: "Expired" } });
    await control(`/requests/${sentinel.id}/pay`);
    await listener.next(sentinel.id);
    expect(listener.events.map((e) => e.sessionId)).toEqual([sentinel.id]);
  });

  it("is not pushed when a P2P pay-in is approved (§4.10)", async () => {
    await submit("SubmitPayOutRequest", payOutBody({ RequestedAmount: 40_000 }));
    const p2p = await submit("SubmitPayInRequestP2P", payInBody({ RequestedAmount: 35_000 }));
    const sentinel = await submit("SubmitPayInRequest", payInBody());
    const listener = await listen(p2p.id, sentinel.id);
    expect(await control(`/requests/${p2p.id}/approve`)).toMatchObject({ hubDeliveries: 0, request: { status: "Paid" } });
    await control(`/requests/${sentinel.id}/pay`);
    await listener.next(sentinel.id);
    expect(listener.events.map((e) => e.sessionId)).toEqual([sentinel.id]);
  });

  it("goes only to connections that joined that sessionId, every one of them", async () => {
    const payIn = await submit("SubmitPayInRequest", payInBody());
    const other = await submit("SubmitPayInRequest", payInBody());
    const first = await listen(payIn.id);
    const second = await listen(payIn.id);
    const bystander = await listen(other.id);

    expect(await control(`/requests/${payIn.id}/pay`)).toMatchObject({ hubDeliveries: 2 });
    await first.next(payIn.id);
    await second.next(payIn.id);
    expect(await control(`/requests/${other.id}/pay`)).toMatchObject({ hubDeliveries: 1 });
    await bystander.next(other.id);
    expect(bystander.events.map((e) => e.sessionId)).toEqual([other.id]);
    expect(first.events).toHaveLength(1);
  });
});

describe("payment.completed on /realtime/payment-tx, live profile", () => {
  let live: TestSandbox;
  beforeAll(async () => {
    live = await startTestSandbox("live");
  });
  afterAll(async () => live.dispose());

  async function submitLive(operation: SubmitOperation, body: Record<string, unknown>): Promise<Json> {
    const envelope = (await (await live.submit(operation, live.coffee, body)).json()) as Json;
    expect(envelope.status, JSON.stringify(envelope)).toBe("OK");
    return envelope.paymentResponse ?? envelope.paymentRequest;
  }

  async function controlLive(path: string, body: unknown = {}): Promise<Json> {
    const { status, body: answer } = await live.control<Json>("POST", path, body);
    expect(status, JSON.stringify(answer)).toBe(200);
    return answer;
  }

  it("is pushed for a matched transfer (Paid) and an admin approval (Approved), never for P2P, rejection or expiry", async () => {
    const paid = await submitLive("SubmitPayInRequest", payInBody({ RequestedAmount: 211 }));
    const approved = await submitLive("SubmitPayInRequest", payInBody({ RequestedAmount: 212 }));
    const rejected = await submitLive("SubmitPayInRequest", payInBody({ RequestedAmount: 213 }));
    const expired = await submitLive("SubmitPayInRequest", payInBody({ RequestedAmount: 214 }));
    await submitLive("SubmitPayOutRequest", payOutBody({ RequestedAmount: 4_000 }));
    const p2p = await submitLive("SubmitPayInRequestP2P", payInBody({ RequestedAmount: 3_000 }));
    const sentinel = await submitLive("SubmitPayInRequest", payInBody({ RequestedAmount: 215 }));
    expect(paid.websocketPath).toBe("/realtime/payment-tx");
    const listener = await listenOn(live, paid.sessionId, approved.sessionId, rejected.id, expired.id, p2p.id, sentinel.id);

    expect(await controlLive(`/requests/${paid.id}/pay`)).toMatchObject({ matched: true, hubDeliveries: 1, request: { status: "Paid" } });
    expect(await listener.next(paid.id)).toEqual({ sessionId: paid.id, amount: paid.generatedAmount });
    expect(await controlLive(`/requests/${approved.id}/approve`)).toMatchObject({ hubDeliveries: 1, request: { status: "Approved" } });
    expect(await listener.next(approved.id)).toEqual({ sessionId: approved.id, amount: approved.generatedAmount });

    expect(await controlLive(`/requests/${rejected.id}/reject`, { reason: "no" })).toMatchObject({
      hubDeliveries: 0,
      request: { status: "Rejected" },
    });
    expect(await controlLive(`/requests/${expired.id}/expire`)).toMatchObject({
      hubDeliveries: 0,
      request: { status: "Rejected", statusCode: "ERR_EXPIRED_REQUEST" },
    });
    expect(await controlLive(`/requests/${p2p.id}/approve`)).toMatchObject({ hubDeliveries: 0, request: { status: "Approved" } });
    await controlLive(`/requests/${sentinel.id}/pay`);
    await listener.next(sentinel.id);
    expect(listener.events.map((e) => e.sessionId)).toEqual([paid.id, approved.id, sentinel.id]);
  });
});
