/**
 * A provider webhook, in the documented shape or as the live provider sends it (docs/provider-facts.md
 * §6.2–6.3): the whole job object, PascalCase, `Parameters` as [{Name, Value}] with every value a
 * string, numbers in .NET's formatting ("325", "325.52", "5.00"), and a job `Type` that for pay-in
 * success says "Payment.Success" while the EVENT_TYPE parameter says "PaymentIn.Success" — so we
 * route on EVENT_TYPE and accept both.
 */
import { z } from "zod";
import { parseAmount, type Satang } from "../money";
import { camelKeys } from "../provider/normalize";

export const EVENTS = ["PaymentIn.Success", "PaymentIn.Rejected", "PaymentOut.Success", "PaymentOut.Rejected"] as const;
export type WebhookEventName = (typeof EVENTS)[number];

const TYPE_ALIASES: Record<string, WebhookEventName> = { "payment.success": "PaymentIn.Success" };

const jobSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string().nullish(),
  orgId: z.string().nullish(),
  parameters: z.union([
    z.array(z.looseObject({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean()]).nullish() })),
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullish()),
  ]),
});

export interface WebhookEvent {
  jobId: string;
  event: WebhookEventName;
  orgId: string | null;
  merchantId: string | null;
  requestId: string | null;
  refId1: string | null;
  statusCode: string | null;
  statusReason: string | null;
  /** The request's status when the job was made (not sent for pay-in success). */
  requestStatus: string | null;
  txSatang: Satang | null;
  isPartial: boolean;
  paidInclusiveSatang: Satang | null;
  /** Every parameter, names upper-cased, for the log and for staff. */
  parameters: Record<string, string | null>;
}

export type ParseOutcome = { ok: true; event: WebhookEvent } | { ok: false; reason: string };

export function parseWebhook(json: unknown): ParseOutcome {
  const job = jobSchema.safeParse(camelKeys(json));
  if (!job.success) return { ok: false, reason: "the body is not a provider webhook job (Id and Parameters are required)" };
  const parameters: Record<string, string | null> = {};
  const list = Array.isArray(job.data.parameters)
    ? job.data.parameters.map((p) => [p.name, p.value] as const)
    : Object.entries(job.data.parameters);
  // Parameter names are matched case-insensitively; values are text whatever JSON type they came as.
  for (const [name, value] of list) parameters[name.toUpperCase()] = value === null || value === undefined ? null : String(value);
  const param = (name: string) => {
    const value = parameters[name]?.trim();
    return value === undefined || value === "" ? null : value;
  };
  const named = param("EVENT_TYPE") ?? job.data.type ?? "";
  const event: WebhookEventName | undefined =
    EVENTS.find((e) => e.toLowerCase() === named.toLowerCase()) ?? TYPE_ALIASES[named.toLowerCase()];
  if (!event) return { ok: false, reason: `unknown event "${named}"` };
  const amount = (name: string): Satang | null | "bad" => {
    const raw = param(name);
    if (raw === null) return null;
    const parsed = parseAmount(raw);
    return parsed.ok ? parsed.satang : "bad";
  };
  const tx = amount("TX_AMOUNT");
  const inclusive = amount("PAYOUT_PAID_AMOUNT_INCLUSIVE");
  if (tx === "bad" || inclusive === "bad") return { ok: false, reason: `an amount is not a number (TX_AMOUNT "${param("TX_AMOUNT")}")` };
  return {
    ok: true,
    event: {
      jobId: job.data.id,
      event,
      orgId: param("ORG_ID") ?? job.data.orgId ?? null,
      merchantId: param("MERCHANT_ID"),
      requestId: param("PMR_ID"),
      refId1: param("PMR_REF_ID1") ?? param("PMR_REF_ID"),
      statusCode: param("STATUS_CODE"),
      statusReason: param("STATUS_REASON"),
      requestStatus: param("PMR_STATUS"),
      txSatang: tx,
      isPartial: (param("PAYOUT_IS_PARTIAL") ?? "").toLowerCase() === "true",
      paidInclusiveSatang: inclusive,
      parameters,
    },
  };
}
