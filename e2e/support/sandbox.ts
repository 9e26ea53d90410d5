/**
 * A fixture for tests that drive the provider sandbox (make payments happen). When the provider
 * is not the sandbox — a deployed PayDesk against the real provider — such tests skip with the
 * reason, instead of failing.
 */
import { test as base, expect } from "@playwright/test";
import { E2E } from "./config";
import { waitOutBusySlipCalls } from "./slip-patience";

export interface SandboxMerchant {
  name: string;
  orgId: string;
  merchantId: string;
  submitKey: string;
  readKey: string;
}

export interface SandboxClient {
  url: string;
  profile: "spec" | "live";
  merchants: SandboxMerchant[];
  control<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T>;
  /** Calls the provider's API as a merchant would (server to server), with Basic auth. */
  provider<T = unknown>(action: string, merchant: SandboxMerchant, body: unknown): Promise<T>;
}

async function connect(): Promise<SandboxClient | string> {
  if (!E2E.sandboxUrl) return "the provider is not the PayDesk sandbox (set E2E_SANDBOX_URL to its address to run this test)";
  const url = E2E.sandboxUrl;
  try {
    const info = await fetch(`${url}/sandbox/credentials`, { signal: AbortSignal.timeout(3_000) });
    if (!info.ok) return `${url} did not answer as a PayDesk sandbox (HTTP ${info.status})`;
    const creds = (await info.json()) as { profile: "spec" | "live"; merchants: SandboxMerchant[] };
    return {
      url,
      profile: creds.profile,
      merchants: creds.merchants,
      async control<T>(method: string, pathname: string, body?: unknown) {
        const res = await fetch(`${url}/sandbox${pathname}`, {
          method,
          headers: body === undefined ? {} : { "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.ok, `sandbox ${method} ${pathname} → ${res.status}`).toBe(true);
        return (await res.json()) as T;
      },
      async provider<T>(action: string, merchant: SandboxMerchant, body: unknown) {
        const res = await fetch(`${url}/api/PaymentRequest/org/${merchant.orgId}/action/${action}/${merchant.merchantId}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Basic ${Buffer.from(`api:${merchant.submitKey}`).toString("base64")}`,
          },
          body: JSON.stringify(body),
        });
        expect(res.status, `provider ${action}`).toBe(200);
        return (await res.json()) as T;
      },
    };
  } catch (error) {
    return `the sandbox at ${url} is not reachable (${(error as Error).message})`;
  }
}

export const test = base.extend<{ sandbox: SandboxClient }>({
  // A slip page or call answered "busy" by the provider's rate limit is asked again (./slip-patience.ts).
  context: async ({ context }, use) => {
    await waitOutBusySlipCalls(context);
    await use(context);
  },
  sandbox: async ({}, use, testInfo) => {
    const client = await connect();
    testInfo.skip(typeof client === "string", typeof client === "string" ? client : "");
    await use(client as SandboxClient);
  },
});

export { expect };
