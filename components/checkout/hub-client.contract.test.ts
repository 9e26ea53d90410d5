/**
 * The checkout page's hub client against the sandbox's hub over a real WebSocket: the handshake,
 * JoinPayment, payment.completed for our session only, and — after the connection is cut the way a
 * network loss cuts it — reconnecting and joining again, so a payment made afterwards still arrives.
 */
import { WebSocket as NodeWebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payInBody, ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { connectHub, type HubState } from "./hub-client";

let sb: TestSandbox;
const hadWebSocket = "WebSocket" in globalThis;

beforeAll(async () => {
  // Node 20 has no global WebSocket; the browser's and ws's share the API this client uses.
  if (!hadWebSocket) (globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;
  sb = await startTestSandbox("spec");
});
afterAll(async () => {
  if (!hadWebSocket) delete (globalThis as { WebSocket?: unknown }).WebSocket;
  await sb.dispose();
});

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function newPayIn(): Promise<{ id: string; amount: number }> {
  const created = (await (
    await sb.submit("SubmitPayInRequest", sb.coffee, payInBody({ RefId1: ref("HUBC"), RequestedAmount: 120 }))
  ).json()) as { paymentResponse: { id: string; generatedAmount: number } };
  return { id: created.paymentResponse.id, amount: created.paymentResponse.generatedAmount };
}

describe("the checkout page's hub client", () => {
  it("joins the request's group and hears only its own payment.completed", async () => {
    const mine = await newPayIn();
    const other = await newPayIn();
    const states: HubState[] = [];
    const heard: Array<{ sessionId: string; amount: number | null }> = [];
    const hub = connectHub({
      url: `${sb.url.replace(/^http/, "ws")}/realtime/payment-tx`,
      sessionId: mine.id,
      onState: (s) => states.push(s),
      onCompleted: (p) => heard.push(p),
    });
    try {
      await until(() => states.includes("connected"), "the connection");
      // JoinPayment is sent right after the handshake; give the sandbox the round trip.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sb.control("POST", `/requests/${other.id}/pay`, {});
      await sb.control("POST", `/requests/${mine.id}/pay`, {});
      await until(() => heard.length > 0, "payment.completed");
      expect(heard).toEqual([{ sessionId: mine.id, amount: mine.amount }]);
      expect(states[0]).toBe("connecting");
    } finally {
      hub.close();
    }
  });

  it("after the connection is cut, reconnects, joins again and still hears the payment", async () => {
    const mine = await newPayIn();
    const states: HubState[] = [];
    let reconnected = 0;
    const heard: string[] = [];
    const hub = connectHub({
      url: `${sb.url.replace(/^http/, "ws")}/realtime/payment-tx`,
      sessionId: mine.id,
      onState: (s) => states.push(s),
      onCompleted: (p) => heard.push(p.sessionId),
      onReconnected: () => reconnected++,
    });
    try {
      await until(() => states.includes("connected"), "the first connection");
      expect((await sb.control<{ dropped: number }>("POST", "/hub/drop")).body.dropped).toBeGreaterThan(0);
      await until(() => reconnected === 1, "the reconnect");
      expect(states).toContain("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sb.control("POST", `/requests/${mine.id}/pay`, {});
      await until(() => heard.length > 0, "payment.completed after the reconnect");
      expect(heard).toEqual([mine.id]);
    } finally {
      hub.close();
    }
  });
});
