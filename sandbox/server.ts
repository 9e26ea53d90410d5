/**
 * Builds and starts a sandbox: HTTP (provider API, control API, hub negotiate), WebSocket hub,
 * expiry sweeper, webhook sender. Used by sandbox/main.ts and by tests, which start their own on
 * port 0 with a throw-away data folder.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleControl } from "./control";
import { amountSlot, type SandboxContext } from "./context";
import type { SandboxConfig } from "./env";
import { FaultBook } from "./faults";
import { clientKey, HttpError, sendJson, sendText } from "./http";
import { createPaymentHub } from "./hub";
import { sweepExpired } from "./lifecycle";
import { answerError, handleProviderCall, isProviderPath } from "./provider-api";
import { FixedWindowLimiter, refuseUpgrade, TOO_MANY_REQUESTS } from "./rate-limit";
import { ensureWallets } from "./wallet";
import { credentials, seedIfEmpty, writeCredentials, type Credentials } from "./seed";
import { Store } from "./store";
import { handleLineApi } from "./line/api";
import { handleLineControl } from "./line/control";
import { LineState } from "./line/state";
import { WebhookSender } from "./webhooks";

export interface RunningSandbox {
  url: string;
  ctx: SandboxContext;
  credentials: Credentials;
  credentialsFile: string | null;
  close(): Promise<void>;
}

export async function startSandbox(config: SandboxConfig, options: { persist?: boolean } = {}): Promise<RunningSandbox> {
  const persist = options.persist ?? true;
  const store = Store.open(persist ? config.dataDir : null);
  seedIfEmpty(store, config);
  ensureWallets(store);
  const log = (message: string) => {
    if (!config.quiet) console.log(`[sandbox] ${message}`);
  };
  const faults = new FaultBook();
  let baseUrl = "";
  const ctx: SandboxContext = {
    config,
    store,
    faults,
    hub: createPaymentHub({ pingIntervalMs: config.hubPingMs, log }),
    webhooks: new WebhookSender(config, store, faults, log),
    line: new LineState({
      secret: config.line.channelSecret,
      accessToken: config.line.channelAccessToken,
      botUserId: `U${"5a4e".repeat(8)}`,
      basicId: "@paydesk-sandbox",
      displayName: config.line.botName,
      webhookUrl: null,
    }),
    pendingByAccount: new Map(),
    baseUrl: () => baseUrl,
    log,
  };
  for (const r of store.all("requests")) {
    if (r.status === "Pending" && r.payinAccountId !== null && r.generatedSatang !== null) {
      const slot = amountSlot(r.payinAccountId, r.generatedSatang);
      ctx.pendingByAccount.set(slot, (ctx.pendingByAccount.get(slot) ?? new Set<string>()).add(r.id));
    }
  }
  const limiter = config.rateLimit ? new FixedWindowLimiter(config.rateLimit) : null;

  const server = http.createServer((req, res) => {
    void route(ctx, limiter, req, res).catch((error: unknown) => answerError(res, error, log));
  });
  server.keepAliveTimeout = 65_000;
  server.on("upgrade", (req, socket, head) => {
    // The live provider's global limiter runs before routing, so it counts the hub's WebSocket
    // upgrade like any request (docs/provider-facts.md §8.1: "Applies to anonymous slip endpoints and
    // SignalR too"). A client with `skipNegotiation: true` never sends the negotiate POST that
    // route() limits: its upgrade is its only request, so it is counted here, in the same
    // per-client bucket as the client's HTTP calls. The hub is anonymous, so the bucket is the
    // same client IP route() uses (first X-Original-Forwarded-For entry, else the one shared
    // "unknown" bucket), never an API key. Without a limit (the spec profile's default) nothing is
    // counted.
    if (limiter && !limiter.take(clientKey(req))) return refuseUpgrade(socket);
    if (!ctx.hub.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${address.port}`;

  const sweeper = setInterval(() => {
    try {
      const expired = sweepExpired(ctx);
      if (expired > 0) log(`expired ${expired} pending pay-in(s)`);
    } catch (error) {
      log(`expiry sweep failed: ${String(error)}`);
    }
  }, config.expirySweepMs);
  sweeper.unref();

  const creds = credentials(store, config, baseUrl);
  const credentialsFile = persist ? writeCredentials(config.dataDir, creds) : null;
  return {
    url: baseUrl,
    ctx,
    credentials: creds,
    credentialsFile,
    async close() {
      clearInterval(sweeper);
      await ctx.hub.close();
      await Promise.race([ctx.webhooks.settle(), new Promise((r) => setTimeout(r, 6_000))]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.close();
    },
  };
}

async function route(
  ctx: SandboxContext,
  limiter: FixedWindowLimiter | null,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  if (url.pathname === "/health") return sendJson(res, 200, { status: "Healthy" });
  // The LINE stand-in (sandbox/line): LINE's own paths and limits, apart from the provider's.
  if (await handleLineControl(ctx.line, req, res, url)) return;
  if (await handleLineApi(ctx.line, req, res, url)) return;
  if (url.pathname === "/sandbox" || url.pathname.startsWith("/sandbox/")) {
    try {
      return await handleControl(ctx, req, res, url);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(500, { error: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  // The live limiter covers every provider path, anonymous slip endpoints and the hub's negotiate
  // included (§8.1); the hub's WebSocket upgrades are counted in the "upgrade" handler above.
  if (limiter && !limiter.take(clientKey(req))) return sendText(res, 429, TOO_MANY_REQUESTS);
  if (ctx.hub.handleNegotiate(req, res)) return;
  if (isProviderPath(url.pathname)) return handleProviderCall(ctx, req, res, url.pathname);
  res.writeHead(404, { "Content-Length": 0 });
  res.end();
}
