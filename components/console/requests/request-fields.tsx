import { z } from "zod";
import { RawJson } from "@/components/ui/raw-json";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { knownCodeDescription } from "@/lib/provider-words/codes";
import type { State } from "@/lib/requests/lifecycle";
import { factWords } from "@/lib/requests/notes";
import { feesOf } from "@/lib/requests/fees";
import { toDecimalString } from "@/lib/money";
import type { RequestDetail } from "@/lib/requests/queries";
import { detailMessages } from "./detail-messages";
import { destinationSummary, thb } from "./request-format";
import { kindLabels } from "./status-messages";

/** What PayDesk sent (the validated input it keeps, lib/provider/requests.ts); read loosely, shown as is. */
const inputSchema = z
  .looseObject({
    qrProvider: z.string().optional(),
    description: z.string().optional(),
    customerEmail: z.string().optional(),
    customerPhone: z.string().optional(),
    tags: z.string().optional(),
    destination: z.record(z.string(), z.string()).optional(),
  })
  .catch({});

export function RequestFields({ detail, locale }: { detail: RequestDetail; locale: Locale }) {
  const t = detailMessages(locale);
  const kinds = kindLabels(locale);
  const r = detail.request;
  const input = inputSchema.parse(r.input);
  const isPayIn = r.kind === "payin" || r.kind === "payin_p2p";
  const mono = (text: string | null) => text && <span className="font-mono">{text}</span>;
  // The provider's fee and what the wallet moved by (lib/requests/fees.ts): stated, or computed and said so.
  const fees = feesOf(r);
  const feeHint = fees ? (fees.source === "provider" ? t.feeStated : t.feeComputed(fees.pct ?? "?")) : undefined;
  const rows: Array<[string, React.ReactNode, string?]> = [
    [t.id, mono(r.id)],
    [t.merchant, detail.merchantName],
    [t.type, r.isWithdrawal ? kinds.withdrawal : `${kinds[r.kind]}${r.kind === "payin_p2p" ? ` · ${kinds.p2p}` : ""}`],
    [t.refId1, mono(r.refId1)],
    [t.refId2, mono(r.refId2)],
    [t.refId3, mono(r.refId3)],
    [t.payerName, r.payerName],
    [t.requested, thb(r.requestedAmount)],
    [t.generated, isPayIn && r.generatedAmount ? thb(r.generatedAmount) : null, t.generatedHint],
    [t.paid, thb(r.paidAmount)],
    [t.fee, fees && <span data-testid="request-fee">{thb(toDecimalString(fees.feeSatang))}</span>, feeHint],
    [
      fees?.direction === "debit" ? t.debited : t.credited,
      fees && <span data-testid="request-net">{thb(toDecimalString(fees.netSatang))}</span>,
      fees ? t.netHint : undefined,
    ],
    [
      t.feePayer,
      r.kind === "payout" || r.kind === "withdrawal" ? (
        <span data-testid="request-fee-payer">{r.feePayer === "beneficiary" ? t.feePayerRecipient : t.feePayerMerchant}</span>
      ) : null,
      fees?.recipientSatang != null ? t.feePayerRecipientHint(thb(toDecimalString(fees.recipientSatang))) : undefined,
    ],
    [t.paidAt, r.paidAt && formatDateTime(r.paidAt, locale, { seconds: true })],
    [t.statusCode, mono(r.statusCode), r.statusCode ? (knownCodeDescription(r.statusCode, locale) ?? undefined) : undefined],
    // PayDesk's own reasons (a lost answer, a call never sent) are facts, worded for the reader; the provider's stay as it gave them.
    [t.statusReason, r.statusFacts ? factWords(r.statusFacts, locale) : r.statusReason],
    [t.providerId, mono(r.providerId)],
    [t.qrProvider, input.qrProvider],
    [t.destination, destinationSummary(input.destination, locale, { full: true })],
    [t.description, input.description],
    [t.customerEmail, input.customerEmail],
    [t.customerPhone, input.customerPhone],
    [t.tags, input.tags],
    [t.createdBy, detail.createdByName ?? (detail.createdByKeyName ? t.byApiKey(detail.createdByKeyName) : t.system)],
    [t.createdAt, formatDateTime(r.createdAt, locale, { seconds: true })],
    [t.updatedAt, formatDateTime(r.updatedAt, locale, { seconds: true })],
    [t.expireAt, r.expireAt && formatDateTime(r.expireAt, locale, { seconds: true })],
  ];
  return (
    <section aria-labelledby="fields-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="fields-heading" className="text-lg font-semibold">
        {t.fields}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]" data-testid="request-fields">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== "")
          .map(([label, value, hint]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-words">
                {value}
                {hint && <span className="block text-xs text-slate-500">{hint}</span>}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The provider's answer exactly as stored, for staff who need to see what the provider said. */
/** `state` tells why there may be no answer: refused when sent, or never sent (held for approval). */
export function ProviderAnswer({
  answer,
  refusedAtSubmit,
  state,
  locale,
}: {
  answer: unknown;
  refusedAtSubmit: boolean;
  state: State;
  locale: Locale;
}) {
  const t = detailMessages(locale);
  return (
    <section aria-labelledby="answer-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="answer-heading" className="text-lg font-semibold">
        {t.providerAnswer}
      </h2>
      {answer === null || answer === undefined ? (
        <p className="mt-2 text-sm text-slate-600">
          {refusedAtSubmit ? t.providerAnswerRefused : state === "awaiting_approval" ? t.providerAnswerNotSent : t.providerAnswerEmpty}
        </p>
      ) : (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-brand-dark">{t.details}</summary>
          <RawJson
            tall
            testId="provider-answer"
            text={JSON.stringify(
              answer,
              (key, value) =>
                key === "qrCodeImage" && typeof value === "string" && value.length > 80
                  ? `${value.slice(0, 60)}… (${value.length} characters)`
                  : value,
              2,
            )}
          />
        </details>
      )}
    </section>
  );
}
