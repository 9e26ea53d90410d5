import "server-only";
import { registerCheckoutPageLoader } from "./checkout/page-loader";
import { registerSlipPageLoader } from "./slips/page-loader";
import { registerPagesRoutes } from "./http/pages-routes";
import { database } from "./db";
import { MigrationError } from "./db/client";
import { writeStartUpData } from "./start-up-data";
import { env, EnvError } from "./env";
import { keyVault } from "./merchants/vault";
import { merchantApiIn } from "./provider";
import { processOutboundWorker, startOutboundWorker } from "./outbound-webhooks/worker";
import { REQUEST_CHANNEL } from "./requests/apply";
import { startReconcileWorker } from "./requests/worker";
import type { Loop } from "./jobs/loop";
import { log } from "./ops/log";
import { stopGracefully } from "./shutdown";
import { BULK_CHANNEL } from "./bulk/batches";
import { startBulkWorker } from "./bulk/worker";
import { smtpMailer } from "./notify/mailer";
import { startNotifyWorker } from "./notify/worker";
import { startLineWorker } from "./line/worker";
import { startStatementWorker } from "./wallet/statement-worker";
import { authSecret } from "./secrets";

const say = log("paydesk");

/**
 * What instrumentation.ts runs once per server process: the database opened and migrated, the
 * first staff users created, in demo mode the sandbox's merchants loaded, API keys sealed with an
 * older ENCRYPTION_KEY or in the older unbound format sealed again, stale throttle rows dropped. Any failure ends the process with one
 * sentence saying what to check: a server that answers every request with a 500 helps nobody.
 */
export async function startPayDesk(): Promise<void> {
  let stage = "reading the environment";
  try {
    const settings = env();
    stage = settings.DATABASE_URL
      ? "opening the database at DATABASE_URL (is it running, and are the address and password right?)"
      : `opening the embedded database in ${settings.dataDir}/pglite (is another PayDesk using that folder?)`;
    const handle = await database().catch((error: unknown) => {
      // The database answered, but its migrations failed: say that, not "is it running?".
      if (error instanceof MigrationError) stage = "applying the database migrations";
      throw error;
    });
    const { db, kind } = handle;
    registerCheckoutPageLoader();
    registerSlipPageLoader();
    registerPagesRoutes();
    await writeStartUpData(handle, {
      isDemo: settings.isSandbox,
      dataDir: settings.dataDir,
      sandboxDataDir: settings.sandboxDataDir,
      adminEmail: settings.ADMIN_EMAIL,
      adminPassword: settings.ADMIN_PASSWORD,
      vault: keyVault(),
      lineApiBaseUrl: settings.lineApiBaseUrl,
      publicBaseUrl: settings.PUBLIC_BASE_URL,
      stage: (what) => (stage = what),
      info: (m) => say.info(m),
      warn: (m) => say.warn(m),
    });
    // The provider never retries a webhook: this loop is what learns every outcome regardless.
    const holder = globalThis as typeof globalThis & { __paydeskWorker?: Loop };
    holder.__paydeskWorker ??= startReconcileWorker({
      db,
      apiFor: merchantApiIn("reconcile"),
      confirmFor: merchantApiIn("webhook"),
      pollMs: settings.RECONCILE_POLL_MS,
      log: (m) => log("reconcile").info(m),
    });
    // The merchant's own endpoints hear of each state change (docs/DESIGN.md §14); private addresses
    // only when allowed (demo mode, where the shop and the receiver run on this machine).
    const outbound = processOutboundWorker(() =>
      startOutboundWorker({
        db,
        // Every committed state change is announced on the live bus's channel: new events go out at once.
        listen: (onChange) => handle.listen(REQUEST_CHANNEL, onChange),
        vault: keyVault(),
        publicBaseUrl: settings.PUBLIC_BASE_URL,
        allowPrivate: settings.outboundAllowPrivate,
        isSandbox: settings.isSandbox,
        pollMs: 1_000,
        maxInFlightPerEndpoint: settings.OUTBOUND_MAX_IN_FLIGHT,
        retentionDays: settings.OUTBOUND_LOG_RETENTION_DAYS,
        log: (m) => log("outbound").info(m),
      }),
    );
    // Confirmed bulk Pay-Out files, a line at a time, in the bulk lane of the provider budget;
    // woken at once by a confirmation (lib/bulk/batches.ts announces it on BULK_CHANNEL).
    const bulkHolder = globalThis as typeof globalThis & { __paydeskBulk?: ReturnType<typeof startBulkWorker> };
    stage = "listening for confirmed bulk Pay-Out files";
    if (!bulkHolder.__paydeskBulk) {
      const bulk = startBulkWorker({ db, apiFor: merchantApiIn("bulk"), pollMs: 2_000, log: (m) => log("bulk").info(m) });
      bulkHolder.__paydeskBulk = bulk;
      await handle.listen(BULK_CHANNEL, () => bulk.wake());
    }
    const bulk = bulkHolder.__paydeskBulk;
    // Staff e-mail (requests waiting for approval). Without an SMTP server the loop still runs: it
    // marks each recorded e-mail not sent, and why (lib/notify/worker.ts, "no_mailer").
    const notifyHolder = globalThis as typeof globalThis & { __paydeskNotify?: ReturnType<typeof startNotifyWorker> | null };
    if (notifyHolder.__paydeskNotify === undefined) {
      const consoleUrl = settings.CONSOLE_URL ?? settings.PUBLIC_BASE_URL;
      notifyHolder.__paydeskNotify = startNotifyWorker({
        db,
        send: settings.SMTP_URL
          ? smtpMailer(settings.SMTP_URL, settings.NOTIFY_FROM ?? `PayDesk <paydesk@${new URL(consoleUrl).hostname}>`)
          : null,
        consoleUrl,
        unsubscribeSecret: authSecret(),
        log: (m) => log("notify").info(m),
      });
      if (!settings.SMTP_URL) say.info("SMTP_URL is not set: staff e-mail is recorded as not sent");
    }
    const notify = notifyHolder.__paydeskNotify;
    // LINE messages (lib/line/worker.ts): a pass every 2 s sends what is due, if a channel is connected.
    const lineHolder = globalThis as typeof globalThis & { __paydeskLine?: Loop };
    lineHolder.__paydeskLine ??= startLineWorker({
      db,
      vault: keyVault(),
      apiBaseUrl: settings.lineApiBaseUrl,
      consoleUrl: settings.CONSOLE_URL ?? settings.PUBLIC_BASE_URL,
      log: (m) => log("line").info(m),
    });
    const line = lineHolder.__paydeskLine;
    // Each closed Bangkok day's wallet statement, in the reconciliation lane (lib/wallet/statement-worker.ts).
    const statementHolder = globalThis as typeof globalThis & { __paydeskStatements?: ReturnType<typeof startStatementWorker> };
    statementHolder.__paydeskStatements ??= startStatementWorker({
      db,
      apiFor: merchantApiIn("reconcile"),
      log: (m) => log("statement").info(m),
    });
    const statements = statementHolder.__paydeskStatements;
    const reconcile = holder.__paydeskWorker;
    stopGracefully(
      [() => reconcile.stop(), () => outbound.stop(), () => bulk.stop(), () => notify?.stop(), () => statements.stop(), () => line.stop()],
      (m) => say.info(m),
    );
    say.info(`database ready (${kind === "postgres" ? "PostgreSQL" : `embedded PGlite in ${settings.dataDir}`})`);
  } catch (error) {
    const reason = error instanceof EnvError ? error.message : describe(error);
    say.error(error instanceof EnvError ? `PayDesk cannot start: ${reason}` : `PayDesk cannot start: failed while ${stage}: ${reason}`);
    process.exit(1);
  }
}

/** The innermost cause is the one that says what is wrong ("connect ECONNREFUSED 127.0.0.1:5432"). */
function describe(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
