/**
 * Webhook jobs as the provider sends them (docs/provider-facts.md §6): the whole job object in PascalCase,
 * every parameter a string, one POST with the merchant's custom headers, a 5-second timeout, one
 * attempt, no retry, no signature. Every attempt is kept in a delivery log for QA.
 */
import { toDecimalString, type Satang } from "../lib/money";
import { isoTime, newId } from "./context";
import type { SandboxConfig } from "./env";
import { sleep, WEBHOOK_FAULT_KINDS, type FaultBook } from "./faults";
import type { Store } from "./store";
import type { PaymentRequest, WebhookDelivery } from "./types";

export type WebhookEvent = "PaymentIn.Success" | "PaymentIn.Rejected" | "PaymentOut.Success" | "PaymentOut.Rejected";

export interface EventFacts {
  txId?: string | null;
  /** The money of this event: received (pay-in success), this transfer (pay-out success), else requested. */
  txSatang: Satang;
  isPartial?: boolean;
  paidInclusiveSatang?: Satang;
  payinFeeSatang?: Satang;
  payoutFeeSatang?: Satang;
  /** PAYIN_DISCARD_CENT: the request's DiscardCent snapshot (§6.3). */
  discardCent?: boolean;
}

const TIMEOUT_MS = 5_000;

export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly config: SandboxConfig,
    private readonly store: Store,
    private readonly faults: FaultBook,
    private readonly log: (message: string) => void,
  ) {}

  /** Queues the event's delivery and returns the delivery id at once; delivery happens in the background. */
  emit(event: WebhookEvent, request: PaymentRequest, facts: EventFacts): string {
    const deliveryId = newId();
    const job = this.buildJob(event, request, facts);
    const task = this.deliver(deliveryId, event, request, job).catch((error: unknown) =>
      this.log(`webhook ${deliveryId} failed: ${String(error)}`),
    );
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    return deliveryId;
  }

  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  buildJob(event: WebhookEvent, request: PaymentRequest, facts: EventFacts): Record<string, unknown> {
    const live = this.config.profile === "live";
    // The live provider types pay-in success jobs "Payment.Success" although EVENT_TYPE says
    // PaymentIn.Success (§6.2); the documented shape uses the event name for both.
    const type = live && event === "PaymentIn.Success" ? "Payment.Success" : event;
    const parameters = this.parameters(event, request, facts);
    const now = isoTime(Date.now(), this.config.profile);
    return {
      Id: newId(),
      OrgId: request.orgId,
      Status: "Pending",
      JobMessage: null,
      JobMessage2: null,
      Name: newId(),
      Tags: type,
      Description: `Create${type.replace(".", "")}Job`,
      Type: type,
      ProgressPct: 0,
      SucceedCount: 0,
      FailedCount: 0,
      Configuration: JSON.stringify(parameters),
      CreatedDate: now,
      UpdatedDate: now,
      PickupDate: null,
      StartDate: null,
      EndDate: null,
      ScanItemTemplateId: null,
      RefId: null,
      Metadata: null,
      Parameters: parameters,
    };
  }

  private parameters(event: WebhookEvent, r: PaymentRequest, facts: EventFacts): { Name: string; Value: string | null }[] {
    const merchant = this.store.get("merchants", r.merchantId);
    const live = this.config.profile === "live";
    // .NET's ToString(): doubles drop trailing zeros ("325"), decimals keep their scale ("5.00") (§6.3).
    const asDouble = (s: Satang | null | undefined) => (s == null ? null : live ? String(s / 100) : toDecimalString(s));
    const asDecimal = (s: Satang | null | undefined) => (s == null ? null : toDecimalString(s));
    const success = event.endsWith(".Success");
    const p: [string, string | null][] = [
      ["EVENT_TYPE", event],
      ["STATUS_CODE", success ? "OK" : r.statusCode],
      ["STATUS_REASON", success ? "Success" : r.statusReason],
      ["PAYMENT_TYPE", r.direction],
      ["ORG_ID", r.orgId],
    ];
    if (success) p.push(["PMT_ID", facts.txId ?? newId()]);
    p.push(["PMR_ID", r.id], ["PMR_REF_ID", r.refId1], ["PMR_REF_ID1", r.refId1], ["PMR_REF_ID2", r.refId2], ["PMR_REF_ID3", r.refId3]);
    if (event !== "PaymentIn.Success") p.push(["PMR_STATUS", r.status]);
    p.push(["MERCHANT_ID", r.merchantId], ["MERCHANT_CODE", merchant?.code ?? null], ["MERCHANT_NAME", merchant?.name ?? null]);
    p.push([
      "TX_AMOUNT",
      event === "PaymentIn.Success" || event === "PaymentOut.Success" ? asDecimal(facts.txSatang) : asDouble(facts.txSatang),
    ]);
    if (r.direction === "PayIn") {
      p.push(["PAYIN_REQUEST_AMOUNT", asDouble(r.requestedSatang)], ["PAYIN_FEE_PCT", r.payInFeePct]);
      if (event === "PaymentIn.Success") {
        p.push(
          ["PAYIN_GENERATED_AMOUNT", asDouble(r.generatedSatang)],
          ["PAYIN_FEE", asDecimal(facts.payinFeeSatang ?? 0)],
          ["PAYIN_DISCARD_CENT", facts.discardCent ? "True" : "False"],
        );
      }
      p.push(
        ["PAYIN_BANK_CODE", r.payinBankCode],
        ["PAYIN_BANK_ACCOUNT_NO", r.payinBankAccountNo],
        ["PAYIN_BANK_ACCOUNT_NAME", r.payinBankAccountName],
      );
      if (event === "PaymentIn.Rejected") p.push(["PAYIN_PROMPTPAY_ID", r.payinPromptPayId]);
      if (r.payerName !== null && !live) p.push(["PAYER_NAME", r.payerName]);
    } else {
      const d = r.destination;
      p.push(
        ["PAYOUT_REQUEST_AMOUNT", asDouble(r.requestedSatang)],
        ["PAYOUT_FEE", asDecimal(facts.payoutFeeSatang ?? 0)],
        ["PAYOUT_FEE_PCT", r.payoutFeePct],
        ["PAYOUT_BANK_CODE", d?.bankCode ?? null],
        ["PAYOUT_BANK_ACCOUNT_NO", d?.accountNo ?? null],
        ["PAYOUT_BANK_ACCOUNT_NAME", d?.accountName ?? null],
        ["PAYOUT_PROMPTPAY_ID", d?.promptPayId ?? null],
      );
      if (event === "PaymentOut.Success") {
        p.push(["PAYOUT_IS_PARTIAL", facts.isPartial ? "True" : "False"]);
        // Only newer provider versions send the running total (§6.3, §8.9).
        if (!live) p.push(["PAYOUT_PAID_AMOUNT_INCLUSIVE", asDecimal(facts.paidInclusiveSatang ?? facts.txSatang)]);
      }
      if (r.kind === "withdrawal" && !live) p.push(["IS_WITHDRAWAL", "True"]);
    }
    return p.map(([Name, Value]) => ({ Name, Value }));
  }

  private async deliver(id: string, event: WebhookEvent, request: PaymentRequest, job: Record<string, unknown>): Promise<void> {
    const merchant = this.store.get("merchants", request.merchantId);
    const config = merchant?.webhook;
    const record: WebhookDelivery = {
      id,
      jobId: String(job.Id),
      merchantId: request.merchantId,
      requestId: request.id,
      event,
      type: String(job.Type),
      url: config?.url ?? null,
      headerNames: Object.keys(config?.headers ?? {}),
      body: job,
      outcome: "no-config",
      httpStatus: null,
      responseSnippet: null,
      error: null,
      durationMs: null,
      at: Date.now(),
    };
    // Only drop and delay mean anything to a delivery; a `*` fault of another kind stays for the
    // provider calls it matches.
    const fault = this.faults.take(
      "webhook",
      "before",
      { merchantId: request.merchantId, refId1: request.refId1, requestId: request.id },
      WEBHOOK_FAULT_KINDS,
    );
    if (fault?.kind === "drop") {
      this.store.put("deliveries", { ...record, outcome: "dropped", error: "dropped by fault injection" });
      return;
    }
    if (fault?.kind === "delay") await sleep(fault.delayMs);
    if (!config || !config.isActive) {
      this.store.put("deliveries", record);
      return;
    }
    const started = performance.now();
    try {
      const response = await fetch(config.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...config.headers },
        body: JSON.stringify(job),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      this.store.put("deliveries", {
        ...record,
        outcome: response.ok ? "delivered" : "failed",
        httpStatus: response.status,
        responseSnippet: text.slice(0, 200),
        durationMs: Math.round(performance.now() - started),
      });
    } catch (error) {
      this.store.put("deliveries", {
        ...record,
        outcome: "failed",
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        durationMs: Math.round(performance.now() - started),
      });
    }
  }
}
