import "server-only";
import net from "node:net";
import { isPublicAddress } from "./address-guard";
import { webhookRuleMessages } from "./rule-messages";

/**
 * The server's judgement of an endpoint's address when it is saved: https, and not a private or
 * local address written out (a name is judged again on the address each attempt connects to —
 * lib/outbound-webhooks/address-guard.ts — so a name that resolves somewhere private is refused then).
 * With private addresses allowed (demo mode), http and this machine are fine. Answers the rule's
 * key, or null when the address may be saved.
 */
export function endpointUrlProblem(url: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return webhookRuleMessages.keys.urlHttps;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const local = host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal");
  if (local || (net.isIP(host) !== 0 && !isPublicAddress(host))) return webhookRuleMessages.keys.urlPrivate;
  return null;
}
