/**
 * Sandbox stand-in for the provider's SignalR hub at `/realtime/payment-tx`.
 *
 * The real hub is anonymous and has one useful method, `JoinPayment(sessionId)`, which puts the
 * connection in group `payment:{sessionId}`; the server then pushes `payment.completed` with
 * `{ sessionId, amount }` (docs/provider-facts.md §1.5, §4.10). PayDesk's browser code uses the official
 * `@microsoft/signalr` client, so this file speaks the SignalR JSON hub protocol (version 1) over
 * WebSocket with `ws`, closely enough for that client, and nothing more: no long polling, no SSE,
 * no MessagePack, no streaming, no stateful reconnect, no client results.
 *
 * Wiring (the hub does not touch the http.Server itself, so the main server keeps control of
 * routing and of what happens to paths that are not the hub's):
 *   server.on("upgrade", (req, socket, head) => { if (!hub.handleUpgrade(req, socket, head)) socket.destroy(); });
 *   server.on("request", (req, res) => { if (hub.handleNegotiate(req, res)) return; ... });
 * `handleNegotiate` is only needed for clients that do not set `skipNegotiation: true`.
 *
 * Like the provider, there is no auth and no Origin check (docs/provider-facts.md §1.5, §1.6). Anything a
 * client sends that this hub cannot make sense of closes that one connection, never the process.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { WebSocket, WebSocketServer } from "ws";

export interface HubOptions {
  path?: string;
  pingIntervalMs?: number;
  handshakeTimeoutMs?: number;
  log?: (msg: string) => void;
}

export interface PaymentHub {
  /** Route an HTTP upgrade; returns false if the URL path is not the hub's (caller then destroys the socket). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Handles POST {path}/negotiate; returns false if not a negotiate request. */
  handleNegotiate(req: IncomingMessage, res: ServerResponse): boolean;
  /** Sends payment.completed to every connection in group payment:{sessionId}; returns how many connections got it. */
  publishCompleted(sessionId: string, amount: number): number;
  /** Generic push to a group (target, args). */
  publish(sessionId: string, target: string, ...args: unknown[]): number;
  /** Test hooks */
  connectionCount(): number;
  /** Forcefully terminate all sockets (used by tests to simulate network loss) without the close message. */
  dropAll(): void;
  close(): Promise<void>;
}

export const DEFAULT_HUB_PATH = "/realtime/payment-tx";

/** SignalR frames every message, the handshake included, with the ASCII record separator (docs/stack-notes.md §4.1). */
const RS = "\x1e";

/** One message is a small JSON object; anything this large is a broken or hostile client. */
const MAX_MESSAGE_CHARS = 32 * 1024;

/**
 * `ws` refuses larger frames itself (close code 1009) before we buffer them. The official client
 * sends one message per frame, so twice the message limit leaves room for a few batched ones.
 */
const MAX_FRAME_BYTES = 2 * MAX_MESSAGE_CHARS;

/** How long a token handed out by negotiate may wait for its WebSocket. */
const NEGOTIATED_TOKEN_TTL_MS = 30_000;

/** How long close() waits for a polite close handshake before cutting sockets off. */
const CLOSE_GRACE_MS = 1_000;

const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

const PING_FRAME = JSON.stringify({ type: MessageType.Ping }) + RS;

interface Connection {
  readonly id: string;
  readonly ws: WebSocket;
  readonly decoder: StringDecoder;
  buffer: string;
  handshaken: boolean;
  closing: boolean;
  handshakeTimer: NodeJS.Timeout | undefined;
  readonly groups: Set<string>;
}

type HubMethod = (conn: Connection, args: unknown[]) => string | undefined;

/** Thrown while parsing a message: the connection is closed with this text as the close error. */
class ProtocolError extends Error {}

const groupName = (sessionId: string) => `payment:${sessionId}`;

const randomToken = () => randomBytes(16).toString("base64url");

function pathnameOf(req: IncomingMessage): { pathname: string; query: URLSearchParams } | undefined {
  try {
    const url = new URL(req.url ?? "/", "http://hub.invalid");
    return { pathname: url.pathname, query: url.searchParams };
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Refuse an upgrade with a plain HTTP response; the socket has not become a WebSocket yet. */
function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function createPaymentHub(options: HubOptions = {}): PaymentHub {
  const path = options.path ?? DEFAULT_HUB_PATH;
  const negotiatePath = `${path}/negotiate`;
  // The client gives up after serverTimeoutInMilliseconds (default 30 s) without hearing from the
  // server; 15 s is the interval ASP.NET uses and docs/stack-notes.md §4.6 recommends.
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const log = options.log ?? (() => {});

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const connections = new Set<Connection>();
  const groups = new Map<string, Set<Connection>>();
  /** Tokens from negotiate that have not connected yet; ASP.NET also refuses an unknown `?id=`. */
  const pendingTokens = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (conn.handshaken && !conn.closing) sendRaw(conn, PING_FRAME);
    }
  }, pingIntervalMs);
  // The http.Server is what keeps the process alive; the ping timer alone should not.
  pingTimer.unref();

  function sendRaw(conn: Connection, frame: string): boolean {
    if (conn.ws.readyState !== WebSocket.OPEN) return false;
    conn.ws.send(frame);
    return true;
  }

  function sendMessage(conn: Connection, message: Record<string, unknown>): boolean {
    return sendRaw(conn, JSON.stringify(message) + RS);
  }

  /** Close politely: the client reports `error` from its onclose handler. */
  function closeWithError(conn: Connection, error: string, allowReconnect = false): void {
    if (conn.closing) return;
    conn.closing = true;
    log(`hub: closing ${conn.id}: ${error}`);
    sendMessage(conn, allowReconnect ? { type: MessageType.Close, error, allowReconnect } : { type: MessageType.Close, error });
    conn.ws.close(1000);
  }

  function closeQuietly(conn: Connection): void {
    if (conn.closing) return;
    conn.closing = true;
    conn.ws.close(1000);
  }

  function joinGroup(conn: Connection, name: string): void {
    let members = groups.get(name);
    if (!members) {
      members = new Set();
      groups.set(name, members);
    }
    members.add(conn);
    conn.groups.add(name);
  }

  function leaveGroup(conn: Connection, name: string): void {
    const members = groups.get(name);
    if (members) {
      members.delete(conn);
      if (members.size === 0) groups.delete(name);
    }
    conn.groups.delete(name);
  }

  function requireSessionId(method: string, args: unknown[]): string {
    const [sessionId] = args;
    if (args.length !== 1 || typeof sessionId !== "string" || sessionId === "") {
      throw new Error(
        `Failed to invoke '${method}' due to an error on the server. ` +
          `${method} expects exactly one non-empty string argument (sessionId), got ${args.length} argument(s).`,
      );
    }
    return sessionId;
  }

  // Keys are lower-case: ASP.NET matches hub method names case-insensitively.
  const methods = new Map<string, HubMethod>([
    [
      "joinpayment",
      (conn, args) => {
        const sessionId = requireSessionId("JoinPayment", args);
        joinGroup(conn, groupName(sessionId));
        log(`hub: ${conn.id} joined ${groupName(sessionId)}`);
        return undefined;
      },
    ],
    [
      "leavepayment",
      (conn, args) => {
        const sessionId = requireSessionId("LeavePayment", args);
        leaveGroup(conn, groupName(sessionId));
        return undefined;
      },
    ],
  ]);

  function handleInvocation(conn: Connection, message: Record<string, unknown>): void {
    const { invocationId, target, arguments: args } = message;
    if (invocationId !== undefined && typeof invocationId !== "string") {
      throw new ProtocolError("Invocation has an invocationId that is not a string.");
    }
    if (typeof target !== "string" || target === "") throw new ProtocolError("Invocation is missing its target.");
    if (!Array.isArray(args)) throw new ProtocolError("Invocation is missing its arguments array.");

    const method = methods.get(target.toLowerCase());
    let error: string | undefined;
    if (!method) {
      error = `Failed to invoke '${target}' due to an error on the server. HubException: Method does not exist.`;
    } else {
      try {
        method(conn, args);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    // Without an invocationId the client used send(): it expects no completion at all.
    if (invocationId === undefined) {
      if (error) log(`hub: ${conn.id} send('${target}') failed: ${error}`);
      return;
    }
    // Void hub methods complete without a `result` field.
    sendMessage(conn, error ? { type: MessageType.Completion, invocationId, error } : { type: MessageType.Completion, invocationId });
  }

  function handleHandshake(conn: Connection, text: string): void {
    clearTimeout(conn.handshakeTimer);
    conn.handshakeTimer = undefined;
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      request = undefined;
    }
    if (!isRecord(request) || typeof request.protocol !== "string" || typeof request.version !== "number") {
      failHandshake(conn, "Handshake request is not valid JSON with 'protocol' and 'version'.");
      return;
    }
    if (request.protocol !== "json") {
      failHandshake(conn, `The protocol '${request.protocol}' is not supported.`);
      return;
    }
    if (request.version > 1) {
      failHandshake(conn, `The server does not support version ${request.version} of the 'json' protocol.`);
      return;
    }
    conn.handshaken = true;
    // An empty object means success; it too must end with the separator, or the client's
    // start() fails with "Message is incomplete" (docs/stack-notes.md §4.2).
    sendRaw(conn, "{}" + RS);
  }

  function failHandshake(conn: Connection, error: string): void {
    log(`hub: handshake from ${conn.id} refused: ${error}`);
    sendRaw(conn, JSON.stringify({ error }) + RS);
    closeQuietly(conn);
  }

  function handleHubMessage(conn: Connection, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      throw new ProtocolError("Message is not valid JSON.");
    }
    if (!isRecord(message) || typeof message.type !== "number") {
      throw new ProtocolError("Message is not a JSON object with a numeric 'type'.");
    }
    switch (message.type) {
      case MessageType.Invocation:
        handleInvocation(conn, message);
        return;
      case MessageType.StreamInvocation:
        if (typeof message.invocationId === "string") {
          sendMessage(conn, {
            type: MessageType.Completion,
            invocationId: message.invocationId,
            error: "Streaming hub methods are not supported by this hub.",
          });
        }
        return;
      case MessageType.Ping:
      case MessageType.CancelInvocation:
      // Stream items, client results and stateful-reconnect acks only answer things this hub never
      // starts; the client sends them only if it misunderstood, and they change nothing here.
      case MessageType.StreamItem:
      case MessageType.Completion:
      case MessageType.Ack:
      case MessageType.Sequence:
        return;
      case MessageType.Close:
        closeQuietly(conn);
        return;
      default:
        throw new ProtocolError(`Unknown message type ${message.type}.`);
    }
  }

  function onData(conn: Connection, data: Buffer): void {
    if (conn.closing) return;
    // A frame may hold several messages or end mid-message (docs/stack-notes.md §4.1), so keep the tail.
    conn.buffer += conn.decoder.write(data);
    let end: number;
    while (!conn.closing && (end = conn.buffer.indexOf(RS)) !== -1) {
      const text = conn.buffer.slice(0, end);
      conn.buffer = conn.buffer.slice(end + 1);
      if (text.length > MAX_MESSAGE_CHARS) {
        closeWithError(conn, `Message is larger than ${MAX_MESSAGE_CHARS} characters.`);
        return;
      }
      try {
        if (conn.handshaken) handleHubMessage(conn, text);
        else handleHandshake(conn, text);
      } catch (err) {
        const reason = err instanceof ProtocolError ? err.message : "Internal error while handling a message.";
        if (!(err instanceof ProtocolError)) log(`hub: ${conn.id} handler threw: ${String(err)}`);
        if (conn.handshaken) closeWithError(conn, reason);
        else failHandshake(conn, reason);
        return;
      }
    }
    if (!conn.closing && conn.buffer.length > MAX_MESSAGE_CHARS) {
      closeWithError(conn, `Message is larger than ${MAX_MESSAGE_CHARS} characters.`);
    }
  }

  function onConnection(ws: WebSocket): void {
    const conn: Connection = {
      id: randomToken(),
      ws,
      decoder: new StringDecoder("utf8"),
      buffer: "",
      handshaken: false,
      closing: false,
      handshakeTimer: undefined,
      groups: new Set(),
    };
    connections.add(conn);
    log(`hub: ${conn.id} connected (${connections.size} open)`);

    conn.handshakeTimer = setTimeout(() => {
      conn.handshakeTimer = undefined;
      if (conn.handshaken || conn.closing) return;
      log(`hub: ${conn.id} sent no handshake within ${handshakeTimeoutMs} ms`);
      conn.closing = true;
      ws.terminate();
    }, handshakeTimeoutMs);

    ws.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
      const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      onData(conn, chunk);
    });
    ws.on("error", (err) => log(`hub: ${conn.id} socket error: ${err.message}`));
    ws.on("close", () => {
      clearTimeout(conn.handshakeTimer);
      for (const name of [...conn.groups]) leaveGroup(conn, name);
      connections.delete(conn);
      log(`hub: ${conn.id} disconnected (${connections.size} open)`);
    });
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const target = pathnameOf(req);
    if (!target || target.pathname !== path) return false;
    if (closed) {
      rejectUpgrade(socket, 503, "Service Unavailable");
      return true;
    }
    const token = target.query.get("id");
    if (token !== null) {
      const timer = pendingTokens.get(token);
      if (!timer) {
        rejectUpgrade(socket, 404, "Not Found");
        return true;
      }
      clearTimeout(timer);
      pendingTokens.delete(token);
    }
    wss.handleUpgrade(req, socket, head, onConnection);
    return true;
  }

  function handleNegotiate(req: IncomingMessage, res: ServerResponse): boolean {
    const target = pathnameOf(req);
    if (!target || target.pathname !== negotiatePath || req.method !== "POST") return false;
    // The client posts an empty body; drain whatever arrives so the socket can be reused.
    req.resume();
    if (closed) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("Server is shutting down.\n");
      return true;
    }
    const negotiateVersion = Number(target.query.get("negotiateVersion") ?? "0") >= 1 ? 1 : 0;
    const connectionId = randomToken();
    // Version 0 clients connect with `?id={connectionId}`; version 1 with `?id={connectionToken}`.
    const token = negotiateVersion === 1 ? randomToken() : connectionId;
    const timer = setTimeout(() => pendingTokens.delete(token), NEGOTIATED_TOKEN_TTL_MS);
    timer.unref();
    pendingTokens.set(token, timer);
    const body = {
      negotiateVersion,
      connectionId,
      ...(negotiateVersion === 1 ? { connectionToken: token } : {}),
      availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
    };
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    return true;
  }

  function publish(sessionId: string, target: string, ...args: unknown[]): number {
    const members = groups.get(groupName(sessionId));
    if (!members) return 0;
    // No invocationId: with one, the client would treat the push as a client-result call and
    // answer it (docs/stack-notes.md §4.5).
    const frame = JSON.stringify({ type: MessageType.Invocation, target, arguments: args }) + RS;
    let delivered = 0;
    for (const conn of members) {
      if (conn.handshaken && !conn.closing && sendRaw(conn, frame)) delivered += 1;
    }
    return delivered;
  }

  function publishCompleted(sessionId: string, amount: number): number {
    // Payload shape of the provider's event (docs/provider-facts.md §4.10).
    return publish(sessionId, "payment.completed", { sessionId, amount });
  }

  function dropAll(): void {
    for (const conn of connections) {
      conn.closing = true;
      conn.ws.terminate();
    }
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearInterval(pingTimer);
    for (const timer of pendingTokens.values()) clearTimeout(timer);
    pendingTokens.clear();

    const open = [...connections];
    const allClosed = Promise.all(
      open.map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === WebSocket.CLOSED) resolve();
            else conn.ws.once("close", () => resolve());
          }),
      ),
    );
    for (const conn of open) {
      // allowReconnect: the client's automatic reconnect may try again, as with ASP.NET's shutdown.
      if (conn.handshaken) closeWithError(conn, "Server is shutting down.", true);
      else closeQuietly(conn);
    }
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([allClosed, new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
    for (const conn of connections) conn.ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return {
    handleUpgrade,
    handleNegotiate,
    publishCompleted,
    publish,
    connectionCount: () => connections.size,
    dropAll,
    close,
  };
}
