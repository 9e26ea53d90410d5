import http from "node:http";
import https from "node:https";

/**
 * The TCP peer's address as a request header PayDesk controls: `x-paydesk-peer`.
 *
 * Route handlers, server actions and the proxy get no socket in Next.js, only headers, and the
 * only header Next fills from the socket is `x-forwarded-for` — and only when the client did not
 * send one (server/base-server.js: `headers['x-forwarded-for'] ??= socket.remoteAddress`), so
 * whoever connects can choose it. lib/http/request-ip.ts must know who really connected before it
 * may believe any forwarded header (TRUSTED_PROXIES).
 *
 * So at start (instrumentation.ts) every request an HTTP(S) server receives gets the socket's
 * address under this name as it arrives (the server's "request" event), overwriting whatever a
 * client sent under it. `next start` begins listening a moment before the instrumentation hook
 * runs; a request that arrived in that moment carries no stamp, and its address is unknown (null),
 * never a client's claim.
 */
export const PEER_HEADER = "x-paydesk-peer";

const holder = globalThis as typeof globalThis & { __paydeskPeerStamp?: boolean; __paydeskServers?: Set<http.Server> };

/** The servers this process has answered a request on (the same hook learns them): lib/shutdown.ts closes their idle connections. */
export const answeringServers: Set<http.Server> = (holder.__paydeskServers ??= new Set());

export function stampPeerAddress(): void {
  if (holder.__paydeskPeerStamp) return;
  holder.__paydeskPeerStamp = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") {
        answeringServers.add(this);
        const request = args[0] as http.IncomingMessage;
        const peer = request.socket?.remoteAddress;
        if (peer) request.headers[PEER_HEADER] = peer;
        else delete request.headers[PEER_HEADER];
      }
      return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
    };
  }
}
