/**
 * What the PayDesk under test was started with, for the few tests that need a setting a real
 * deployment does not have. Locally playwright.config.ts starts PayDesk with them: a 3 s provider
 * timeout, the provider's rate limit off, 127.0.0.1 trusted as a proxy. Against a deployed PayDesk
 * the answer is what the README's defaults give (`npm start`), unless QA says the deployment differs:
 *
 * - E2E_PAYMENT_API_TIMEOUT_MS: that PayDesk's PAYMENT_API_TIMEOUT_MS (default 15000);
 * - E2E_PAYMENT_API_RATE_LIMIT: its PAYMENT_API_RATE_LIMIT (default 20/10s, or `off`);
 * - E2E_FORWARDED_FOR_TRUSTED=1: it believes the X-Forwarded-For this machine sends (its
 *   TRUSTED_PROXIES lists the address the tests connect from; by default it lists none).
 *
 * A test that needs one of them calls `skipWithout(test, "…")`, which skips it with the reason.
 */
import { E2E } from "./config";

const given = (name: string) => process.env[name]?.trim() || undefined;

export const DEPLOYMENT = E2E.external
  ? {
      providerTimeoutMs: Number(given("E2E_PAYMENT_API_TIMEOUT_MS") ?? 15_000),
      rateLimit: given("E2E_PAYMENT_API_RATE_LIMIT") ?? "20/10s",
      forwardedForTrusted: given("E2E_FORWARDED_FOR_TRUSTED") === "1",
    }
  : // What playwright.config.ts starts PayDesk with.
    { providerTimeoutMs: 3_000, rateLimit: "off", forwardedForTrusted: true };

/** The settings a test may need, and why it cannot run without each. */
const NEEDS = {
  "3 s provider timeout": () =>
    DEPLOYMENT.providerTimeoutMs === 3_000
      ? null
      : `needs PayDesk's provider timeout at 3 s (PAYMENT_API_TIMEOUT_MS=3000) to see a lost answer in seconds; this one waits ${DEPLOYMENT.providerTimeoutMs} ms (E2E_PAYMENT_API_TIMEOUT_MS says otherwise)`,
  "rate limit off": () =>
    DEPLOYMENT.rateLimit === "off"
      ? null
      : `needs the provider's rate limit off (PAYMENT_API_RATE_LIMIT=off); this PayDesk keeps ${DEPLOYMENT.rateLimit}, and the slip pages' quarter of it would answer this test's run of slip calls "busy" (E2E_PAYMENT_API_RATE_LIMIT says otherwise)`,
  "trusted X-Forwarded-For": () =>
    DEPLOYMENT.forwardedForTrusted
      ? null
      : "needs PayDesk to believe this machine's X-Forwarded-For (TRUSTED_PROXIES listing it; set E2E_FORWARDED_FOR_TRUSTED=1 when it does), to act as a client address of its own",
} satisfies Record<string, () => string | null>;

export type Knob = keyof typeof NEEDS;

/** Why a test needing `knob` cannot run against this PayDesk, or null when it can. */
export function missingKnob(knob: Knob): string | null {
  return NEEDS[knob]();
}

/** Skips the calling test (or, in a hook, the tests it runs for) when this PayDesk lacks a setting it needs. */
export function skipWithout(test: { skip(condition: boolean, reason: string): void }, ...knobs: Knob[]): void {
  for (const knob of knobs) {
    const reason = missingKnob(knob);
    test.skip(reason !== null, reason ?? "");
  }
}
