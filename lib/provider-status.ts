import "server-only";
import { env } from "./env";

export interface ProviderStatus {
  baseUrl: string;
  isSandbox: boolean;
  reachable: boolean;
  /** The sandbox's profile ("spec" or "live"); null for a real provider. */
  sandboxProfile: string | null;
}

/** Is the provider up? `/health` is anonymous at the provider (provider-facts §8.7). */
export async function getProviderStatus(): Promise<ProviderStatus> {
  const { providerBaseUrl, isSandbox } = env();
  const get = async (path: string) => {
    const response = await fetch(`${providerBaseUrl}${path}`, { signal: AbortSignal.timeout(2_000), cache: "no-store" });
    return response.ok ? ((await response.json()) as unknown) : null;
  };
  try {
    const health = await get("/health");
    let sandboxProfile: string | null = null;
    if (isSandbox) {
      const info = (await get("/sandbox/info")) as { profile?: unknown } | null;
      sandboxProfile = typeof info?.profile === "string" ? info.profile : null;
    }
    return { baseUrl: providerBaseUrl, isSandbox, reachable: health !== null, sandboxProfile };
  } catch {
    return { baseUrl: providerBaseUrl, isSandbox, reachable: false, sandboxProfile: null };
  }
}
