/**
 * The one bare baseline of the overhead benchmarks: a Pay-In submitted to the provider with a bare
 * node:http request (as the provider client sends), no schema, no limiter, no database. proveSameRequest checks, before anything is measured,
 * that it puts on the wire byte for byte what the PayDesk side sends for the same RefId1 and amount,
 * so an overhead is PayDesk's own work and not a difference in what the provider was asked to do.
 */
import http from "node:http";
import { captureRequest, requestDifferences } from "./capture-request";

export interface BareMerchant {
  orgId: string;
  merchantId: string;
  submitKey: string;
}

export type BareSubmit = (refId1: string, amountSatang: number) => Promise<void>;

/**
 * The provider client sends its calls on node:http with a kept-alive connection (lib/provider/transport.ts),
 * not fetch; the bare submit does the same, with the same headers, so the two put the same bytes on
 * the wire and pay for the same connection handling.
 */
const agent = new http.Agent({ keepAlive: true });

export function bareSubmitPayIn(baseUrl: string, m: BareMerchant): BareSubmit {
  const url = new URL(`${baseUrl}/api/PaymentRequest/org/${m.orgId}/action/SubmitPayInRequest/${m.merchantId}`);
  const authorization = `Basic ${Buffer.from(`api:${m.submitKey}`).toString("base64")}`;
  return (refId1, amountSatang) =>
    new Promise<void>((resolve, reject) => {
      const body = Buffer.from(
        JSON.stringify({ RefId1: refId1, PayerName: "Bench", RequestedAmount: amountSatang / 100, Currency: "THB", QrProvider: "PP" }),
        "utf8",
      );
      const headers = {
        Accept: "application/json",
        Authorization: authorization,
        "Content-Type": "application/json",
        "Content-Length": body.byteLength,
      };
      const sent = http.request(url, { method: "POST", headers, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.once("end", () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { status: string };
            if (parsed.status !== "OK") reject(new Error(`bare submit failed: ${parsed.status}`));
            else resolve();
          } catch (error) {
            reject(error as Error);
          }
        });
        answer.once("error", reject);
      });
      sent.once("error", reject);
      sent.end(body);
    });
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
