/**
 * When reconciliation asks the provider again about a request (docs/DESIGN.md §5.5). The provider never
 * retries a webhook (docs/provider-facts.md §6.4), so this back-off is what guarantees an outcome is
 * learnt even when every webhook is lost. Pay-Ins are checked often until they expire and for an
 * hour after (a late payment still matches until the provider's cleanup runs, §2.3); Pay-Outs every
 * half minute for their first hour, then every two minutes, for two days; an unknown submit until it is settled or left to a person. Terminal
 * requests, and those left to a person (`needs_review`, whose outcome the provider cannot tell
 * PayDesk, so asking again on a timer learns nothing): never — staff's "Re-check now" still asks.
 */
import { isTerminal, type State } from "./lifecycle";

export interface ScheduleFacts {
  state: State;
  kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
  createdAt: Date;
  expireAt: Date | null;
  checkCount: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export function nextCheckAt(r: ScheduleFacts, now: Date): Date | null {
  if (isTerminal(r.state) || r.state === "awaiting_approval" || r.state === "needs_review") return null;
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (r.state === "unknown" || r.state === "submitting") {
    // 10 s, 20 s, 40 s … then every 5 minutes, until settled.
    return at(Math.min(10 * SECOND * 2 ** Math.min(r.checkCount, 5), 5 * MINUTE));
  }
  if (r.kind === "payin" || r.kind === "payin_p2p") {
    const expires = r.expireAt?.getTime() ?? r.createdAt.getTime() + 30 * MINUTE;
    if (now.getTime() < expires) return at(Math.min(20 * SECOND, Math.max(SECOND, expires - now.getTime())));
    if (now.getTime() < expires + HOUR) return at(5 * MINUTE);
    return null;
  }
  // Pay-Outs are read in bulk with the merchant's other open ones (lib/requests/bulk-reconcile.ts),
  // a page per hundred, so a lost webhook can be learnt within half a minute at little cost.
  const age = now.getTime() - r.createdAt.getTime();
  if (age < HOUR) return at(30 * SECOND);
  if (age < 48 * HOUR) return at(2 * MINUTE);
  return null;
}
