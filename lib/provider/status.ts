import "server-only";
import { env } from "../env";
import { paymentApi, type PaymentApi } from ".";

/**
 * The provider's health for the staff home page (app/(home)/page.tsx): staff only, and asked at most once
 * per instance per 30 s however many pages are opened — through the rate limiter, without waiting
 * for a slot (PaymentApi.health), so a status page can never take budget from staff work.
 */
export interface ProviderStatus {
  baseUrl: string;
  isSandbox: boolean;
  /** "busy": not asked, every slot of the provider's rate limit was in use. */
  state: "up" | "down" | "busy";
  /** The sandbox's profile ("spec" or "live"); null for a real provider. */
  sandboxProfile: string | null;
}

export const PROVIDER_STATUS_TTL_MS = 30_000;

export interface ProbeOptions {
  api: Pick<PaymentApi, "health">;
  baseUrl: string;
  isSandbox: boolean;
  fetch?: typeof fetch;
}

/** One look at the provider; never throws. */
export async function probeProvider({ api, baseUrl, isSandbox, fetch: fetchImpl = fetch }: ProbeOptions): Promise<ProviderStatus> {
  const state = await api.health().catch(() => "down" as const);
  let sandboxProfile: string | null = null;
  // The sandbox's own control API, not a provider call: outside the provider's budget.
  if (isSandbox && state === "up") {
    const info = await fetchImpl(`${baseUrl}/sandbox/info`, { signal: AbortSignal.timeout(2_000), cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<{ profile?: unknown }>) : null))
      .catch(() => null);
    sandboxProfile = typeof info?.profile === "string" ? info.profile : null;
  }
  return { baseUrl, isSandbox, state, sandboxProfile };
}

/** `probe` at most once per `ttlMs`; callers inside a window share its answer, even while it is on its way. */
export function cachedProbe(
  probe: () => Promise<ProviderStatus>,
  ttlMs: number,
  now: () => number = Date.now,
): () => Promise<ProviderStatus> {
  let last: { at: number; status: Promise<ProviderStatus> } | undefined;
  return () => {
    const at = now();
    if (!last || at - last.at >= ttlMs) last = { at, status: probe() };
    return last.status;
  };
}

export const getProviderStatus = cachedProbe(async () => {
  const { providerBaseUrl, isSandbox } = env();
  const api = await paymentApi().catch(() => null);
  if (!api) return { baseUrl: providerBaseUrl, isSandbox, state: "down", sandboxProfile: null };
  return probeProvider({ api, baseUrl: providerBaseUrl, isSandbox });
}, PROVIDER_STATUS_TTL_MS);
