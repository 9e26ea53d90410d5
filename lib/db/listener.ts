/**
 * LISTEN on Postgres over a connection of its own, kept for as long as someone listens. A pooled
 * connection would be lost silently: a restart, a failover or pg_terminate_backend ends it, and a
 * half-dead TCP path (a NAT or firewall forgetting it) may never even error. So the connection is
 * watched three ways (its 'error' and 'end' events, and a cheap query every `healthCheckMs` that
 * must answer within `answerMs`), and on any break it is replaced, with back-off, for as long as
 * the database stays away. Notifications sent while no connection listened are lost: `onResumed`
 * says when listening starts again, so the listener can catch up.
 */
import pg from "pg";
import { log } from "../ops/log";

export interface ListenerOptions {
  /** How often the connection is asked a trivial query. */
  healthCheckMs?: number;
  /** How long that query may take before the connection counts as broken. */
  answerMs?: number;
}

export interface ListenerHandlers {
  onPayload: (payload: string) => void;
  /** After a break, once listening again. */
  onResumed?: () => void;
}

/** Shown in pg_stat_activity, so an operator can tell this connection from the pool's. */
export const LISTENER_APPLICATION_NAME = "paydesk live updates";
const HEALTH_CHECK_MS = 10_000;
const ANSWER_MS = 5_000;
/** Waits between attempts while the database is away; the last one repeats until it is back. */
const BACK_OFF_MS = [100, 250, 500, 1_000];

export async function listenOnOwnConnection(
  config: pg.ClientConfig,
  channel: string,
  handlers: ListenerHandlers,
  options: ListenerOptions = {},
): Promise<() => Promise<void>> {
  const healthCheckMs = options.healthCheckMs ?? HEALTH_CHECK_MS;
  const answerMs = options.answerMs ?? ANSWER_MS;
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let brokenSince: number | null = null;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ ...config, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    // Heard from the start and for good: an 'error' event without a listener ends the process.
    client.on("error", (error) => broken(client, error.message));
    client.on("end", () => broken(client, "the connection ended"));
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return client;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
  };

  const broken = (client: pg.Client, why: string) => {
    if (client !== current || stopped) return;
    current = null;
    // A half-dead connection may still deliver late: only the one that replaces it is heard.
    client.removeAllListeners("notification");
    brokenSince = Date.now();
    log("db").warn("live updates stopped listening; listening again as soon as the database answers", { reason: why });
    void client.end().catch(() => undefined);
    reconnect(0);
  };

  const reconnect = (attempt: number) => {
    retry = setTimeout(
      () => {
        retry = null;
        connect().then(
          (client) => {
            if (stopped) return void client.end().catch(() => undefined);
            current = client;
            log("db").warn(`live updates listening again after ${((Date.now() - (brokenSince ?? Date.now())) / 1_000).toFixed(1)} s`);
            handlers.onResumed?.();
          },
          () => {
            if (!stopped) reconnect(attempt + 1);
          },
        );
      },
      BACK_OFF_MS[Math.min(attempt, BACK_OFF_MS.length - 1)],
    );
  };

  let checking = false;
  const healthCheck = setInterval(() => {
    const client = current;
    if (!client || checking) return;
    checking = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${answerMs} ms`)), answerMs)),
    );
    Promise.race([client.query("SELECT 1"), late])
      .catch((error: Error) => broken(client, error.message))
      .finally(() => {
        clearTimeout(timer);
        checking = false;
      });
  }, healthCheckMs);
  // The check alone never keeps a process alive (tests, scripts).
  healthCheck.unref();

  try {
    current = await connect();
  } catch (error) {
    clearInterval(healthCheck);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(healthCheck);
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
