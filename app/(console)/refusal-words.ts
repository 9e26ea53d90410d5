import "server-only";
import { eq } from "drizzle-orm";
import { paydeskWords } from "@/components/console/paydesk-words";
import type { Db } from "@/lib/db/client";
import { paymentRequests } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n";
import { describeProviderCode } from "@/lib/payment-api/codes";

/**
 * A rejected request's refusal in the viewer's language. The create flow words it in English (for
 * the timeline and logs); the provider's code and reason are on the row, so the console words them
 * again here. A NOT_SENT_<kind> code is PayDesk's own (the provider was never reached,
 * lib/requests/create.ts): its English sentence is worded again from what it says.
 */
export async function refusalInWords(db: Db, requestId: string, locale: Locale, asWorded: string | null): Promise<string> {
  const [row] = await db.select({ code: paymentRequests.statusCode, reason: paymentRequests.statusReason }).from(paymentRequests).where(eq(paymentRequests.id, requestId)).limit(1);
  if (!row?.code || row.code.startsWith("NOT_SENT_")) return paydeskWords(asWorded ?? row?.reason ?? "", locale);
  return describeProviderCode(row.code, row.reason, locale);
}
