import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from "@microsoft/signalr";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createPaymentHub, type HubOptions, type PaymentHub } from "./hub";

const RS = "\x1e";
const HUB_PATH = "/realtime/payment-tx";

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  // Clients first, then hub and server, so nothing reconnects into a half-closed server.
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface Harness {
  hub: PaymentHub;
  server: Server;
  httpUrl: string;
  wsUrl: string;
}

async function startHub(options: HubOptions = {}): Promise<Harness> {
  const hub = createPaymentHub(options);
  const server = createServer((req, res) => {
    if (hub.handleNegotiate(req, res)) return;
    res.writeHead(404).end();
  });
  server.on("upgrade", (req, socket, head) => {
    if (!hub.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    await hub.close();
    // Defensive: a keep-alive socket left by a negotiate POST or fetch() must not hold close() open.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    hub,
    server,
    httpUrl: `http://127.0.0.1:${port}${HUB_PATH}`,
    wsUrl: `ws://127.0.0.1:${port}${HUB_PATH}`,
  };
}

type ClientSetup = (builder: HubConnectionBuilder) => HubConnectionBuilder;

// `url` must be http(s): in Node the client throws "Cannot resolve 'ws://…'" and switches to ws itself.
function buildClient(url: string, { negotiate = false, setup }: { negotiate?: boolean; setup?: ClientSetup } = {}) {
  let builder = new HubConnectionBuilder()
    .withUrl(url, { skipNegotiation: !negotiate, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None);
  if (setup) builder = setup(builder);
  const connection = builder.build();
  cleanups.push(() => connection.stop());
  return connection;
}

async function startClient(url: string, opts?: { negotiate?: boolean; setup?: ClientSetup }): Promise<HubConnection> {
  const connection = buildClient(url, opts);
  await connection.start();
  return connection;
}

interface Completed {
  sessionId: string;
  amount: number;
}

function collectCompleted(connection: HubConnection): Completed[] {
  const received: Completed[] = [];
  connection.on("payment.completed", (payload: Completed) => received.push(payload));
  return received;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare WebSocket that speaks (or mis-speaks) the protocol by hand. */
interface RawClient {
  ws: WebSocket;
  /** Every record the server sent, parsed; the handshake answer included. */
  messages: unknown[];
  closed: Promise<number>;
  isClosed(): boolean;
  send(text: string): void;
}

async function startRaw(url: string): Promise<RawClient> {
  const ws = new WebSocket(url);
  const messages: unknown[] = [];
  let buffer = "";
  let isClosed = false;
  ws.on("message", (data: Buffer) => {
    buffer += data.toString();
    let end: number;
    while ((end = buffer.indexOf(RS)) !== -1) {
      messages.push(JSON.parse(buffer.slice(0, end)));
      buffer = buffer.slice(end + 1);
    }
  });
  const closed = new Promise<number>((resolve) =>
    ws.on("close", (code) => {
      isClosed = true;
      resolve(code);
    }),
  );
  cleanups.push(() => ws.terminate());
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, messages, closed, isClosed: () => isClosed, send: (text) => ws.send(text) };
}

const HANDSHAKE = JSON.stringify({ protocol: "json", version: 1 }) + RS;
const PING = JSON.stringify({ type: 6 });

describe("payment hub with the official SignalR client", () => {
  it("delivers payment.completed only to connections that joined that session", async () => {
    const { hub, httpUrl } = await startHub();
    const payer = await startClient(httpUrl);
    const bystander = await startClient(httpUrl);
    const payerEvents = collectCompleted(payer);
    const bystanderEvents = collectCompleted(bystander);
    await payer.invoke("JoinPayment", "req-1");
    await bystander.invoke("JoinPayment", "req-2");

    expect(hub.connectionCount()).toBe(2);
    expect(hub.publishCompleted("req-1", 325.37)).toBe(1);
    expect(hub.publishCompleted("req-2", 10)).toBe(1);
    expect(hub.publishCompleted("nobody-listens", 1)).toBe(0);

    await waitFor(() => payerEvents.length === 1 && bystanderEvents.length === 1, "both events");
    expect(payerEvents).toEqual([{ sessionId: "req-1", amount: 325.37 }]);
    // The bystander's own event arrived after req-1's was sent, so req-1's would have arrived first.
    expect(bystanderEvents).toEqual([{ sessionId: "req-2", amount: 10 }]);
  });

  it("lets one connection join several sessions, matches method names case-insensitively, and LeavePayment stops delivery", async () => {
    const { hub, httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    const events = collectCompleted(client);
    await client.invoke("joinpayment", "a");
    await client.invoke("JOINPAYMENT", "b");
    expect(hub.publishCompleted("a", 1)).toBe(1);
    expect(hub.publishCompleted("b", 2)).toBe(1);
    await waitFor(() => events.length === 2, "two events");

    await client.invoke("LeavePayment", "a");
    expect(hub.publishCompleted("a", 3)).toBe(0);
    expect(hub.publishCompleted("b", 4)).toBe(1);
    await waitFor(() => events.length === 3, "third event");
    expect(events.map((e) => e.amount)).toEqual([1, 2, 4]);
  });

  it("connects through POST /negotiate when skipNegotiation is off", async () => {
    const { hub, httpUrl } = await startHub();
    const client = await startClient(httpUrl, { negotiate: true });
    expect(client.connectionId).toEqual(expect.any(String));
    const events = collectCompleted(client);
    await client.invoke("JoinPayment", "req-n");
    expect(hub.publishCompleted("req-n", 99.5)).toBe(1);
    await waitFor(() => events.length === 1, "event");
    expect(events[0]).toEqual({ sessionId: "req-n", amount: 99.5 });
  });

  it("refuses a WebSocket whose ?id= was never handed out by negotiate", async () => {
    const { wsUrl } = await startHub();
    const ws = new WebSocket(`${wsUrl}?id=made-up`);
    cleanups.push(() => ws.terminate());
    const status = await new Promise<number | undefined>((resolve) => {
      ws.once("unexpected-response", (_req, res) => resolve(res.statusCode));
      ws.once("open", () => resolve(undefined));
      ws.once("error", () => {});
    });
    expect(status).toBe(404);
  });

  it("rejects invoke() for an unknown method and for JoinPayment without a usable sessionId", async () => {
    const { hub, httpUrl } = await startHub();
    const client = await startClient(httpUrl);
    await expect(client.invoke("NoSuchMethod", "x")).rejects.toThrow(/NoSuchMethod.*Method does not exist/);
    await expect(client.invoke("JoinPayment")).rejects.toThrow(/JoinPayment expects exactly one non-empty string/);
    await expect(client.invoke("JoinPayment", "")).rejects.toThrow(/non-empty string/);
    await expect(client.invoke("JoinPayment", 42)).rejects.toThrow(/non-empty string/);
    await expect(client.invoke("JoinPayment", "a", "b")).rejects.toThrow(/got 2 argument/);
    // send() gets no completion either way; the connection must survive a bad one.
    await client.send("NoSuchMethod");
    await client.send("JoinPayment", "via-send");
    await waitFor(() => hub.publishCompleted("via-send", 1) === 1, "send() to join");
    expect(client.state).toBe(HubConnectionState.Connected);
  });

  it("keeps a client with a short server timeout connected thanks to server pings", async () => {
    const { httpUrl } = await startHub({ pingIntervalMs: 300 });
    const client = buildClient(httpUrl);
    client.serverTimeoutInMilliseconds = 1_500;
    let closeError: Error | undefined | null = null;
    client.onclose((error) => (closeError = error));
    await client.start();
    await sleep(3_200);
    expect(closeError).toBeNull();
    expect(client.state).toBe(HubConnectionState.Connected);
  });

  it("is rejoined by an auto-reconnecting client after the network drops", async () => {
    const { hub, httpUrl } = await startHub();
    const client = buildClient(httpUrl, { setup: (b) => b.withAutomaticReconnect([0, 200, 200]) });
    const events = collectCompleted(client);
    let reconnected = 0;
    let rejoined = false;
    client.onreconnected(async () => {
      reconnected += 1;
      // The server forgot the groups with the old connection, so the client must join again.
      await client.invoke("JoinPayment", "req-r");
      rejoined = true;
    });
    await client.start();
    await client.invoke("JoinPayment", "req-r");

    hub.dropAll();
    await waitFor(() => rejoined, "reconnect and rejoin");
    expect(reconnected).toBe(1);
    expect(hub.connectionCount()).toBe(1);
    expect(hub.publishCompleted("req-r", 7.25)).toBe(1);
    await waitFor(() => events.length === 1, "event after reconnect");
    expect(events[0]).toEqual({ sessionId: "req-r", amount: 7.25 });
  });

  it("on close() tells clients the server is shutting down and they end up disconnected", async () => {
    const { hub, httpUrl, wsUrl } = await startHub();
    const client = await startClient(httpUrl);
    const raw = await startRaw(wsUrl);
    raw.send(HANDSHAKE);
    await waitFor(() => raw.messages.length === 1, "handshake answer");
    let closeError: Error | undefined;
    let onCloseCalled = false;
    client.onclose((error) => {
      onCloseCalled = true;
      closeError = error;
    });

    await hub.close();
    await waitFor(() => onCloseCalled, "client onclose");
    expect(client.state).toBe(HubConnectionState.Disconnected);
    expect(closeError?.message).toMatch(/Server is shutting down\./);
    expect(await raw.closed).toBe(1000);
    expect(raw.messages.at(-1)).toEqual({ type: 7, error: "Server is shutting down.", allowReconnect: true });
    expect(hub.connectionCount()).toBe(0);
  });
});

describe("payment hub with hand-written frames", () => {
  it("accepts a handshake split across two frames and two messages in one frame", async () => {
    const { hub, wsUrl } = await startHub();
    const raw = await startRaw(wsUrl);
    raw.send(HANDSHAKE.slice(0, 10));
    await sleep(30);
    expect(raw.messages).toEqual([]);
    raw.send(HANDSHAKE.slice(10));
    await waitFor(() => raw.messages.length === 1, "handshake answer");
    expect(raw.messages[0]).toEqual({});

    raw.send(
      JSON.stringify({ type: 1, invocationId: "0", target: "JoinPayment", arguments: ["req-raw"] }) +
        RS +
        JSON.stringify({ type: 1, invocationId: "1", target: "Nope", arguments: [] }) +
        RS +
        PING.slice(0, 5),
    );
    await waitFor(() => raw.messages.length === 3, "two completions");
    expect(raw.messages[1]).toEqual({ type: 3, invocationId: "0" });
    expect(raw.messages[2]).toMatchObject({ type: 3, invocationId: "1", error: expect.stringMatching(/Nope/) });
    raw.send(PING.slice(5) + RS);

    expect(hub.publishCompleted("req-raw", 1.5)).toBe(1);
    await waitFor(() => raw.messages.length === 4, "push");
    // A push carries no invocationId, or the client would answer it as a client-result call.
    expect(raw.messages[3]).toEqual({ type: 1, target: "payment.completed", arguments: [{ sessionId: "req-raw", amount: 1.5 }] });
  });

  it("accepts the handshake and an invocation in the same frame", async () => {
    const { wsUrl } = await startHub();
    const raw = await startRaw(wsUrl);
    raw.send(HANDSHAKE + JSON.stringify({ type: 1, invocationId: "0", target: "JoinPayment", arguments: ["x"] }) + RS);
    await waitFor(() => raw.messages.length === 2, "handshake answer and completion");
    expect(raw.messages).toEqual([{}, { type: 3, invocationId: "0" }]);
  });

  it("sends pings to handshaken connections only", async () => {
    const { wsUrl } = await startHub({ pingIntervalMs: 50 });
    const silent = await startRaw(wsUrl);
    const joined = await startRaw(wsUrl);
    joined.send(HANDSHAKE);
    await waitFor(() => joined.messages.length >= 3, "pings");
    expect(joined.messages.slice(1, 3)).toEqual([{ type: 6 }, { type: 6 }]);
    expect(silent.messages).toEqual([]);
  });

  it("closes connections that send garbage and keeps serving everyone else", async () => {
    const { hub, httpUrl, wsUrl } = await startHub();
    const bystander = await startClient(httpUrl);
    const events = collectCompleted(bystander);
    await bystander.invoke("JoinPayment", "safe");

    const garbage = await startRaw(wsUrl);
    garbage.send(HANDSHAKE);
    await waitFor(() => garbage.messages.length === 1, "handshake answer");
    garbage.send("not json" + RS);
    await garbage.closed;
    expect(garbage.messages.at(-1)).toEqual({ type: 7, error: expect.stringMatching(/not valid JSON/) });

    const msgpack = await startRaw(wsUrl);
    msgpack.send(JSON.stringify({ protocol: "messagepack", version: 1 }) + RS);
    await msgpack.closed;
    expect(msgpack.messages).toEqual([{ error: "The protocol 'messagepack' is not supported." }]);

    const badHandshake = await startRaw(wsUrl);
    badHandshake.send("{{{" + RS);
    await badHandshake.closed;
    expect(badHandshake.messages).toEqual([{ error: expect.any(String) }]);

    const unknownType = await startRaw(wsUrl);
    unknownType.send(HANDSHAKE + JSON.stringify({ type: 42 }) + RS);
    await unknownType.closed;
    expect(unknownType.messages.at(-1)).toEqual({ type: 7, error: "Unknown message type 42." });

    const badInvocation = await startRaw(wsUrl);
    badInvocation.send(HANDSHAKE + JSON.stringify({ type: 1, invocationId: 5, target: "JoinPayment", arguments: ["x"] }) + RS);
    await badInvocation.closed;
    expect(badInvocation.messages.at(-1)).toMatchObject({ type: 7, error: expect.stringMatching(/invocationId/) });

    const huge = await startRaw(wsUrl);
    huge.send(HANDSHAKE);
    huge.send("x".repeat(20_000));
    huge.send("x".repeat(20_000));
    await huge.closed;
    expect(huge.messages.at(-1)).toEqual({ type: 7, error: expect.stringMatching(/larger than/) });

    await waitFor(() => hub.connectionCount() === 1, "server to forget the closed connections");
    expect(hub.publishCompleted("safe", 5)).toBe(1);
    await waitFor(() => events.length === 1, "bystander event");
    expect(bystander.state).toBe(HubConnectionState.Connected);
  });

  it("closes a connection whose handshake does not arrive in time", async () => {
    const { hub, wsUrl } = await startHub({ handshakeTimeoutMs: 150 });
    const raw = await startRaw(wsUrl);
    expect(hub.connectionCount()).toBe(1);
    await raw.closed;
    expect(raw.messages).toEqual([]);
    await waitFor(() => hub.connectionCount() === 0, "server to forget the connection");
  });

  it("closes the socket when the client sends a close message", async () => {
    const { hub, wsUrl } = await startHub();
    const raw = await startRaw(wsUrl);
    raw.send(HANDSHAKE + JSON.stringify({ type: 7 }) + RS);
    expect(await raw.closed).toBe(1000);
    await waitFor(() => hub.connectionCount() === 0, "server to forget the connection");
  });

  it("leaves other paths to the caller and refuses upgrades after close()", async () => {
    const { hub, httpUrl, wsUrl } = await startHub();
    const other = new WebSocket(wsUrl.replace(HUB_PATH, "/elsewhere"));
    cleanups.push(() => other.terminate());
    await new Promise<void>((resolve) => other.once("error", () => resolve()));

    const negotiateGet = await fetch(`${httpUrl}/negotiate?negotiateVersion=1`);
    expect(negotiateGet.status).toBe(404);

    await hub.close();
    const late = new WebSocket(wsUrl);
    cleanups.push(() => late.terminate());
    const status = await new Promise<number | undefined>((resolve) => {
      late.once("unexpected-response", (_req, res) => resolve(res.statusCode));
      late.once("error", () => resolve(undefined));
    });
    expect(status).toBe(503);
  });
});
