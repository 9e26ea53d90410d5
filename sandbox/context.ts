import { randomUUID } from "node:crypto";
import type { SandboxConfig } from "./env";
import type { FaultBook } from "./faults";
import type { LineState } from "./line/state";
import type { PaymentHub } from "./hub";
import type { Store } from "./store";
import type { WebhookSender } from "./webhooks";

/** Everything an operation needs; built once in server.ts. */
export interface SandboxContext {
  config: SandboxConfig;
  store: Store;
  hub: PaymentHub;
  webhooks: WebhookSender;
  faults: FaultBook;
  /** The LINE stand-in's state (sandbox/line). */
  line: LineState;
  /**
   * Pending pay-in ids by receiving account and whole-baht amount ("accountId|wholeSatang"), for
   * unique satang; entries are pruned lazily once their request is no longer Pending.
   */
  pendingByAccount: Map<string, Set<string>>;
  /** Base URL this sandbox answers on (http://host:port), known after listen. */
  baseUrl(): string;
  log(message: string): void;
}

export const newId = (): string => randomUUID();

/** Key of SandboxContext.pendingByAccount. */
export function amountSlot(accountId: string, generatedSatang: number): string {
  return `${accountId}|${generatedSatang - (generatedSatang % 100)}`;
}

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: string): boolean => GUID_RE.test(value);

/**
 * ISO-8601 UTC. The live provider writes .NET's seven fractional digits
 * (2026-07-01T10:00:00.1234567Z, docs/provider-facts.md §4.0); the spec profile writes milliseconds.
 */
export function isoTime(ms: number, profile: SandboxConfig["profile"]): string {
  const iso = new Date(ms).toISOString();
  if (profile === "spec") return iso;
  const ticks = String(Math.floor((ms % 1) * 10_000)).padStart(4, "0");
  return `${iso.slice(0, -1)}${ticks}Z`;
}
