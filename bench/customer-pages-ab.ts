/**
 * The customer's pages of this tree against another tree's (a commit before a change), measured in
 * turns in the same minutes: is a change to the checkout or the slip page slower, or was the hour?
 *
 * On this machine one hour's Lighthouse figures differ from the next hour's by more than a markup
 * change ever moves them (docs/DESIGN.md §8), so two `customer-pages` runs an hour apart cannot tell
 * them apart. Here both PayDesks run at once on one database (the same secrets, so one checkout link
 * opens on both) and Lighthouse alternates between them, round by round, the order swapped each round.
 *
 *   git worktree add ../paydesk-base <commit> && (cd ../paydesk-base && npm install && npx next build)
 *   BENCH_AB_BASELINE=../paydesk-base npm run bench -- customer-pages-ab
 *
 * Without BENCH_AB_BASELINE it says so and measures nothing (`npm run bench` runs every benchmark).
 * BENCH_AB_ROUNDS (default 8) sets the rounds; each is 4 Lighthouse runs.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { findPostgresBin, freePort, startPostgres } from "../lib/db/testing/postgres-server";
import { chromiumPath } from "../e2e/support/config";
import { buildApp, startApp, type AppProcess } from "./lib/app-process";
import { threadsOfTrees, withLowPriority } from "./lib/cpu-priority";
import { lighthouseMedian } from "./lib/lighthouse";
import { requestMaker } from "./lib/request-maker";
import { figure, median, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";

const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 8);

async function main(): Promise<void> {
  const baseline = process.env.BENCH_AB_BASELINE;
  if (!baseline) {
    console.log("[customer-pages-ab] skipped: set BENCH_AB_BASELINE to another PayDesk tree with its build (see the file's header)");
    return;
  }
  const baseRoot = path.resolve(baseline);
  if (!fs.existsSync(path.join(baseRoot, ".next", "BUILD_ID")))
    throw new Error(`${baseRoot} has no build: run 'npx next build' there first`);
  const pgBin = findPostgresBin();
  if (!pgBin) throw new Error("needs Debian's postgresql (npm test installs it)");
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error("needs Chromium (/usr/bin/chromium)");
  buildApp();
  const postgres = await startPostgres(pgBin);
  const thisPort = await freePort();
  const sandbox = await startSandboxProcess({ SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${thisPort}/api/webhooks/payment` });
  // One database and the same secrets: a checkout link made here opens on both.
  const extraEnv = { AUTH_SECRET: randomBytes(32).toString("base64"), ENCRYPTION_KEY: randomBytes(32).toString("hex") };
  const common = {
    sandboxUrl: sandbox.url,
    sandboxCredentialsFile: sandbox.credentialsFile,
    databaseUrl: postgres.url("postgres"),
    extraEnv,
  };
  const apps: Array<{ name: "this" | "baseline"; app: AppProcess }> = [];
  try {
    apps.push({ name: "this", app: await startApp({ ...common, port: thisPort }) });
    apps.push({ name: "baseline", app: await startApp({ ...common, root: baseRoot }) });
    Object.assign(process.env, apps[0]!.app.env);
    const payIn = await (await requestMaker())("payin", 32_575);
    const slipPath = new URL(payIn.slipUrl).pathname;
    const pages = { checkout: payIn.checkoutPath, slip: slipPath };

    type Run = { tbtMs: number; lcpMs: number; performance: number };
    const runs: Record<string, Run[]> = {};
    const serverSide = [...apps.map((a) => a.app.pid), sandbox.pid, postgres.pid()].filter((pid): pid is number => pid !== null);
    await withLowPriority(threadsOfTrees(serverSide), 19, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        for (const { name, app } of round % 2 === 0 ? apps : [...apps].reverse()) {
          const warmUp = `${app.url.replace("127.0.0.1", "localhost")}/checkout`;
          for (const [page, pagePath] of Object.entries(pages)) {
            const measured = await lighthouseMedian(chromePath, `${app.url}${pagePath}`, warmUp, { runs: 1 });
            (runs[`${page}_${name}`] ??= []).push(...measured.runs);
          }
        }
        console.log(`[customer-pages-ab] round ${round + 1} of ${ROUNDS}`);
      }
    });

    const htmlBytes = async (url: string) => (await (await fetch(url, { headers: { "Accept-Language": "th" } })).arrayBuffer()).byteLength;
    const figures: Record<string, Figure> = {};
    for (const page of Object.keys(pages)) {
      for (const name of ["this", "baseline"]) {
        const these = runs[`${page}_${name}`]!;
        figures[`${page}_${name}_tbt_median`] = figure(median(these.map((r) => r.tbtMs)), "ms");
        figures[`${page}_${name}_lcp_median`] = figure(median(these.map((r) => r.lcpMs)) / 1000, "s");
        figures[`${page}_${name}_performance_worst`] = figure(Math.min(...these.map((r) => r.performance)), "score");
      }
      const lcp = (name: string) => median(runs[`${page}_${name}`]!.map((r) => r.lcpMs));
      figures[`${page}_lcp_this_over_baseline`] = figure(lcp("this") / lcp("baseline"), "ratio");
    }
    for (const { name, app } of apps)
      figures[`checkout_html_${name}`] = figure((await htmlBytes(`${app.url}${payIn.checkoutPath}`)) / 1024, "KB");
    const file = writeResults("customer-pages-ab", figures, {
      baseline: baseRoot,
      rounds: ROUNDS,
      runs,
      method: "both PayDesks on one PostgreSQL and one sandbox, Lighthouse alternating between them, the order swapped each round",
    });
    console.log(`written to ${file}`);
  } finally {
    for (const { app } of apps) await app.stop();
    await sandbox.stop();
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
