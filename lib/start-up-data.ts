import "server-only";
import path from "node:path";
import { bootstrapStaff } from "./auth/bootstrap";
import { pruneSignInThrottle } from "./auth/throttle";
import type { Database } from "./db/client";
import { loadDemoMerchants, reencryptAll } from "./merchants/manage";
import type { KeyVault } from "./merchants/key-vault";
import { resealLineChannel } from "./line/channel";
import { connectDemoLine } from "./line/demo";
import { pruneLinkOffers } from "./line/linking";

export interface StartUpDataOptions {
  isDemo: boolean;
  dataDir: string;
  sandboxDataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  vault: KeyVault;
  /** LINE's Messaging API (the sandbox's stand-in in demo mode) and PayDesk's public address, for demo mode's LINE. */
  lineApiBaseUrl: string;
  publicBaseUrl: string;
  /** What start-up is doing now, for its one sentence if it fails. */
  stage: (what: string) => void;
  info: (message: string) => void;
  warn: (message: string) => void;
}

/**
 * Start-up's writes (lib/start-up.ts): the first staff users, stale throttle rows dropped, in demo
 * mode the sandbox's merchants, API keys and secrets sealed again with the current key. They run
 * under the database's start-up lock (lib/db/client.ts): instances starting together on one
 * PostgreSQL take turns, and the second finds the work done instead of failing on it.
 */
export async function writeStartUpData(database: Database, options: StartUpDataOptions): Promise<void> {
  const { db } = database;
  options.stage("waiting for another PayDesk instance to finish starting (the start-up lock)");
  await database.exclusively(
    async () => {
      options.stage("creating the first staff users");
      await bootstrapStaff(db, {
        isDemo: options.isDemo,
        dataDir: options.dataDir,
        adminEmail: options.adminEmail,
        adminPassword: options.adminPassword,
      });
      await pruneSignInThrottle(db);
      if (options.isDemo) {
        options.stage(`loading the sandbox's demo merchants from ${options.sandboxDataDir}/credentials.json`);
        const loaded = await loadDemoMerchants(db, options.vault, path.join(options.sandboxDataDir, "credentials.json"));
        options.info(
          loaded > 0
            ? `demo mode: ${loaded} merchants from the sandbox`
            : "demo mode: the sandbox has not written its credentials yet; start it first (npm start does)",
        );
        options.stage("connecting the sandbox's LINE stand-in");
        const line = await connectDemoLine(db, options.vault, {
          credentialsFile: path.join(options.sandboxDataDir, "credentials.json"),
          apiBaseUrl: options.lineApiBaseUrl,
          publicBaseUrl: options.publicBaseUrl,
        });
        if (line === "connected") options.info("demo mode: LINE messages go to the sandbox's LINE stand-in (its page: /sandbox/line)");
      }
      options.stage("sealing keys and secrets again with the current ENCRYPTION_KEY");
      const { resealed, unreadable } = await reencryptAll(db, options.vault);
      if (resealed > 0)
        options.info(
          `${resealed} row(s) (merchants' API keys, endpoints' signing secrets, authenticator-app secrets) were sealed with an older ENCRYPTION_KEY or in the older format; sealed again with the current one`,
        );
      await pruneLinkOffers(db);
      const line = await resealLineChannel(db, options.vault);
      if (line === "unreadable")
        options.warn(
          "The LINE channel's sealed token cannot be opened with ENCRYPTION_KEY or ENCRYPTION_KEYS_PREVIOUS: connect LINE again in Settings → LINE.",
        );
      if (unreadable.length > 0)
        options.warn(
          `${unreadable.length} sealed value(s) cannot be opened with ENCRYPTION_KEY or ENCRYPTION_KEYS_PREVIOUS (${unreadable.join(", ")}): enter the merchant's keys again (mer_…), rotate the endpoint's secret (we_…), or reset the person's second factor (usr_…). See README.md, Configuration.`,
        );
    },
    () => options.info("another PayDesk instance is starting on this database; waiting for it to finish (start-up lock)"),
  );
}
