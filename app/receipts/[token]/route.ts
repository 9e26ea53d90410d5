import { spendReceiptBudget } from "@/lib/checkout/limits";
import { receiptPath, verifyReceiptToken } from "@/lib/checkout/token";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { definePublicRoute } from "@/lib/http/public-route";
import { isLocale, localeOf, type Locale } from "@/lib/i18n";
import { loadReceipt } from "@/lib/receipts/facts";
import { receiptMessages } from "@/lib/receipts/messages";
import { receiptPdf } from "@/lib/receipts/pdf";

/**
 * GET /receipts/<token> — a paid Pay-In's receipt as a PDF (lib/receipts/pdf.ts), for the customer
 * who paid (the checkout's paid card links here, and shares this link in LINE) and for staff (the
 * request's page). The token is signed for receipts only (lib/checkout/signing.ts), names one request
 * and works for a year; `?lang=th|en` picks the language, else the language cookie or the browser's.
 * Only a request that ended paid by the one rule has a receipt; anything else is a 404 with a
 * sentence, never a PDF that could be taken for one. Drawn from PayDesk's own record on each ask
 * (so a refund made later shows), bounded per payment and per address.
 */
export const dynamic = "force-dynamic";

const refusal = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** A file name any client accepts (ASCII), with the reference as it is beside it (RFC 6266 filename*). */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const GET = definePublicRoute<{ token: string }>({
  run: async ({ request, params, ip }) => {
    const { token } = await params;
    const asked = new URL(request.url).searchParams.get("lang");
    const locale: Locale = asked && isLocale(asked) ? asked : localeOf(null, request.headers);
    const t = receiptMessages(locale);
    const verified = verifyReceiptToken(token);
    if (!verified.ok) return refusal(404, verified.reason === "expired" ? t.expiredLink : t.badLink);
    const db = await getDb();
    const budget = await spendReceiptBudget(db, verified.requestId, ip);
    if (!budget.ok) {
      const seconds = Math.max(1, Math.ceil(budget.retryAfterMs / 1000));
      return refusal(429, t.tooMany(seconds), { "Retry-After": String(seconds) });
    }
    const found = await loadReceipt(db, verified.requestId);
    if (!found.ok) return refusal(404, found.reason === "not_paid" ? t.notPaid : t.badLink);
    const pdf = await receiptPdf(found.facts, { locale, receiptUrl: `${env().PUBLIC_BASE_URL}${receiptPath(token)}` });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.length),
        "Content-Disposition": disposition(t.fileName(found.facts.refId1)),
        "Content-Language": locale,
        // It names a customer and an amount: kept by nobody but the browser that asked.
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
