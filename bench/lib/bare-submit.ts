/**
 * The one bare baseline of the overhead benchmarks: a Pay-In submitted to the provider with a bare
 * fetch, no schema, no limiter, no database. proveSameRequest checks, before anything is measured,
 * that it puts on the wire byte for byte what the PayDesk side sends for the same RefId1 and amount,
 * so an overhead is PayDesk's own work and not a difference in what the provider was asked to do.
 */
import { captureRequest, requestDifferences } from "./capture-request";

export interface BareMerchant {
  orgId: string;
  merchantId: string;
  submitKey: string;
}

export type BareSubmit = (refId1: string, amountSatang: number) => Promise<void>;

/**
 * lib/provider's client asks fetch for `cache: "no-store"` (Next.js would otherwise cache server
 * fetches), which undici puts on the wire as Pragma and Cache-Control: the bare request carries
 * them as plain headers.
 */
export function bareSubmitPayIn(baseUrl: string, m: BareMerchant): BareSubmit {
  const url = `${baseUrl}/api/PaymentRequest/org/${m.orgId}/action/SubmitPayInRequest/${m.merchantId}`;
  const headers = {
    Accept: "application/json",
    Authorization: `Basic ${Buffer.from(`api:${m.submitKey}`).toString("base64")}`,
    "Content-Type": "application/json",
    Pragma: "no-cache",
    "Cache-Control": "no-cache",
  };
  return async (refId1, amountSatang) => {
    const res = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ RefId1: refId1, PayerName: "Bench", RequestedAmount: amountSatang / 100, Currency: "THB", QrProvider: "PP" }),
    });
    const body = (await res.json()) as { status: string };
    if (body.status !== "OK") throw new Error(`bare submit failed: ${body.status}`);
  };
}

/** Amounts with and without satang, small and large: the body's number is where a difference would hide. */
export const WIRE_SAMPLES = [
  { refId1: "WIRE-1", amountSatang: 2_001 },
  { refId1: "WIRE-2", amountSatang: 3_999_990 },
] as const;

/**
 * Sends each sample through `subject` (given a base URL to call instead of the provider) and through
 * the bare submit, to a capture server; throws, saying how, unless the requests are identical
 * (request line, every header but Host, body bytes). The subject submits a Pay-In with payer "Bench"
 * and QR provider PP.
 */
export async function proveSameRequest(
  name: string,
  m: BareMerchant,
  subject: (baseUrl: string, sample: { refId1: string; amountSatang: number }) => Promise<unknown>,
): Promise<void> {
  for (const sample of WIRE_SAMPLES) {
    const reply = {
      status: 200,
      json: {
        status: "OK",
        description: "Success",
        paymentResponse: { id: `wire-${sample.refId1}`, status: "Pending", requestedAmount: sample.amountSatang / 100 },
      },
    };
    const viaSubject = await captureRequest((base) => subject(base, sample), reply);
    const viaBare = await captureRequest((base) => bareSubmitPayIn(base, m)(sample.refId1, sample.amountSatang), reply);
    const differences = requestDifferences(viaSubject, viaBare, [name, "the bare fetch"]);
    if (differences.length > 0) throw new Error(`The bare fetch must send what ${name} sends, but:\n${differences.join("\n")}`);
  }
}
