/**
 * `npm run sandbox`: the provider sandbox on its own. Prints the seeded credentials and keeps
 * running until SIGINT/SIGTERM, then closes cleanly (the journal is already on disk).
 */
import { ConfigError, readSandboxConfig } from "./env";
import { startSandbox } from "./server";

async function main(): Promise<void> {
  let config;
  try {
    config = readSandboxConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[sandbox] ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const sandbox = await startSandbox(config);
  // Listening for the stop signals before the listening line goes out: whoever reads that line may
  // send SIGTERM at once, and a signal with no handler yet would end the process uncleanly.
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    if (!config.quiet) console.log(`[sandbox] ${signal}: closing`);
    void sandbox.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 8_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const lines = [
    `[sandbox] provider sandbox (${config.profile} profile) listening on ${sandbox.url}`,
    `[sandbox] state: ${sandbox.ctx.store.file}; credentials: ${sandbox.credentialsFile}`,
    ...sandbox.credentials.merchants.map(
      (m) => `[sandbox]   ${m.name}: orgId=${m.orgId} merchantId=${m.merchantId} submitKey=${m.submitKey} readKey=${m.readKey}`,
    ),
  ];
  if (!config.quiet) console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[sandbox] failed to start: ${message}`);
  process.exit(1);
});
