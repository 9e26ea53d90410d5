/**
 * Fault injection for QA: "the next N calls of operation X (optionally only for this merchant,
 * RefId1 or request) misbehave like this". Faults are scoped so tests running side by side
 * against one sandbox do not trip over each other's faults.
 *
 * `when: "before"` breaks the call before the provider does anything; `"after"` lets the provider
 * do the work (a request is created) and then breaks the answer — the "may or may not exist"
 * case a client must settle by looking the request up (docs/provider-facts.md §8.6).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { newId } from "./context";
import { sendEmpty, sendText } from "./http";
import { TOO_MANY_REQUESTS } from "./rate-limit";

export const FAULT_KINDS = ["delay", "timeout", "http500", "http429", "reset", "malformed", "drop"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FAULT_OPERATIONS = [
  "SubmitPayInRequest",
  "SubmitPayInRequestP2P",
  "SubmitPayOutRequest",
  "SubmitWithdrawalRequest",
  "GetPaymentRequestById",
  "GetPaymentRequests",
  "GetPaymentRequestCount",
  "VerifyPayInToken",
  "CheckPayInSlipDup",
  "UploadPayInSlipById",
  "webhook",
  "*",
] as const;
export type FaultOperation = (typeof FAULT_OPERATIONS)[number];

/**
 * The kinds a webhook delivery can act on. The others (timeout, http500, http429, reset,
 * malformed) break an HTTP answer, and a delivery answers nobody, so a `*` fault of those kinds is
 * left for the provider calls it can break instead of being used up by a webhook.
 */
export const WEBHOOK_FAULT_KINDS: readonly FaultKind[] = ["drop", "delay"];

export interface FaultMatch {
  merchantId?: string;
  refId1?: string;
  requestId?: string;
}

export interface Fault {
  id: string;
  operation: FaultOperation;
  kind: FaultKind;
  remaining: number;
  delayMs: number;
  when: "before" | "after";
  match: FaultMatch;
  createdAt: number;
}

export class FaultBook {
  private faults: Fault[] = [];

  add(input: Omit<Fault, "id" | "createdAt">): Fault {
    const fault: Fault = { ...input, id: newId(), createdAt: Date.now() };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return [...this.faults];
  }

  clear(id?: string): number {
    const before = this.faults.length;
    this.faults = id === undefined ? [] : this.faults.filter((f) => f.id !== id);
    return before - this.faults.length;
  }

  /**
   * Consumes one use of the first fault that applies, if any. `kinds`, when given, is what the
   * caller can act on: a fault of another kind is neither returned nor used up.
   */
  take(operation: string, when: Fault["when"], facts: FaultMatch, kinds?: readonly FaultKind[]): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        (f.operation === operation || f.operation === "*") &&
        (kinds === undefined || kinds.includes(f.kind)) &&
        (f.when === when || f.kind === "drop") &&
        (f.match.merchantId === undefined || f.match.merchantId === facts.merchantId) &&
        (f.match.refId1 === undefined || f.match.refId1 === facts.refId1) &&
        (f.match.requestId === undefined || f.match.requestId === facts.requestId),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}

/**
 * Misbehaves on the wire. Returns true when the response has been taken care of (the caller must
 * not answer), false when the call should go on (a delay).
 */
export async function actOnFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  switch (fault.kind) {
    case "delay":
      await sleep(fault.delayMs);
      return false;
    case "timeout":
      // Say nothing; hang up much later, long after any sane client timeout.
      setTimeout(() => req.socket.destroy(), fault.delayMs).unref();
      return true;
    case "http500":
      sendEmpty(res, 500);
      return true;
    case "http429":
      sendText(res, 429, TOO_MANY_REQUESTS);
      return true;
    case "reset":
      req.socket.resetAndDestroy();
      return true;
    case "malformed": {
      const text = '{"status":"OK","description":"Success","paymentResponse":{"id":"';
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
      res.end(text);
      return true;
    }
    case "drop":
      return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
