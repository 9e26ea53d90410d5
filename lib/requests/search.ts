import "server-only";
import { eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { paymentRequests as pr } from "../db/schema";
import { parseAmount, toDecimalString } from "../money";

/** The request list's search box (lib/requests/queries.ts whereFor): what a person may remember a request by, and how each is looked up. */

/**
 * "The last digits of an account": the pay-out's destination (bank account or PromptPay id, as
 * PayDesk sent it) or, for a pay-in, the receiving account the provider named. Matched on its
 * reversed text, so a suffix search is a prefix search an index can serve (bench/list-scale.ts).
 */
export const ACCOUNT_DIGITS_SQL = `reverse(coalesce(input #>> '{destination,accountNo}', input #>> '{destination,promptPayId}', provider_response ->> 'payInBankAccountNo'))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every text a person may remember a request by, one field per line: RefId1–3, the payer's name,
 * and from the form's input the description, the tags ("words for your own searching") and the
 * customer's phone. A search is a substring of it, served by a trigram index on this very
 * expression (payment_requests_search_idx: the text must stay identical to the index's).
 * Lines keep words of two fields from matching as one.
 */
export const SEARCH_TEXT_SQL = `(coalesce(ref_id1, '') || E'\\n' || coalesce(ref_id2, '') || E'\\n' || coalesce(ref_id3, '') || E'\\n' || coalesce(payer_name, '') || E'\\n' || coalesce(input ->> 'description', '') || E'\\n' || coalesce(input ->> 'tags', '') || E'\\n' || coalesce(input ->> 'customerPhone', ''))`;

const PHONE = /^\+?[\d\s-]{6,20}$/;

/** A phone as the form stores it (no separators), and in its other Thai spelling (0… / +66…). */
function phoneSpellings(text: string): string[] {
  if (!PHONE.test(text)) return [];
  const digits = text.replace(/[\s-]/g, "");
  if (digits.startsWith("0")) return [digits, `+66${digits.slice(1)}`];
  if (digits.startsWith("+66")) return [digits, `0${digits.slice(3)}`];
  return [digits];
}

/**
 * One search box for RefId1–3 (whole or in part), payer name, description, tags, the customer's
 * phone, an account's last digits and an exact amount. Exact matches go to their own indexes; the
 * substring search goes to the trigram index, which needs three characters — so a shorter text
 * with digits ("R1", "77") is matched exactly only, while a short name ("นก") is still looked for.
 */
export function searchCondition(text: string): SQL {
  const q = text.trim();
  // RefIds are matched exactly, and also in capitals: PayDesk's own are (PD260501-…), people type them in lower case.
  const refs = [...new Set([q, q.toUpperCase()])];
  const branches: SQL[] = [inArray(pr.refId1, refs), inArray(pr.refId2, refs), inArray(pr.refId3, refs)];
  if (/^req_[0-9a-f]{20}$/.test(q)) branches.push(eq(pr.id, q));
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q))
    branches.push(inArray(pr.providerId, [...new Set([q, q.toLowerCase()])]));
  if (/^(฿\s*)?\d[\d,]*(\.\d{1,2})?$/.test(q)) {
    const amount = parseAmount(q.replace(/^฿\s*/, ""));
    if (amount.ok)
      branches.push(eq(pr.requestedAmount, toDecimalString(amount.satang)), eq(pr.generatedAmount, toDecimalString(amount.satang)));
  }
  if (/^\d{3,15}$/.test(q)) branches.push(sql`${sql.raw(ACCOUNT_DIGITS_SQL)} like ${`${[...q].reverse().join("")}%`}`);
  const substrings = new Set([...(q.length >= 3 || !/\d/.test(q) ? [q] : []), ...phoneSpellings(q)]);
  for (const part of substrings) branches.push(sql`${sql.raw(SEARCH_TEXT_SQL)} ilike ${`%${escapeLike(part)}%`}`);
  return or(...branches)!;
}
