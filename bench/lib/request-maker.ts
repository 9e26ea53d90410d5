/**
 * Requests for the benchmarks of pages to show, made with PayDesk's own code on the app's database
 * (the benchmark process takes the app's environment first: `Object.assign(process.env, app.env)`).
 */
import { failureText } from "../../lib/provider-words/failures";
import { p2pRequest, payInRequest, payOutRequest } from "../../lib/requests/contract";

export interface Made {
  /** PayDesk's id of the request. */
  id: string;
  providerId: string;
  checkoutPath: string;
  slipUrl: string;
}

/** Creates requests through lib/requests/create.ts (the code the console's action runs) on the app's database. */
export async function requestMaker(): Promise<(kind: "payin" | "p2p", amountSatang: number) => Promise<Made>> {
  const { getDb } = await import("../../lib/db");
  const { merchantApi } = await import("../../lib/provider");
  const { createRequest } = await import("../../lib/requests/create");
  const { checkoutPath, checkoutTokenFor } = await import("../../lib/checkout/token");
  const { merchants, paymentRequests } = await import("../../lib/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  const [coffee] = await db.select().from(merchants).where(eq(merchants.displayName, "Siam Coffee Roasters"));
  if (!coffee) throw new Error("the demo merchant is missing");
  const api = (await merchantApi(coffee.id))!;
  let n = 0;
  return async (kind, amountSatang) => {
    n += 1;
    const run = `${Date.now().toString(36)}${n}`;
    if (kind === "p2p") {
      // A pay-out for the P2P to be matched with (docs/provider-facts.md §5.5), without PromptPay: bank details only.
      const payOut = await api.submitPayOut(
        payOutRequest({
          refId1: `BPO${run}`,
          amountSatang: 150_000,
          destination: { type: "bank", bankCode: "KBANK", accountNo: "0987654321", accountName: "Somsri Rakdee" },
        }),
      );
      if (!payOut.ok) throw new Error(`the pay-out for P2P was refused: ${failureText(payOut)}`);
    }
    const payIn = {
      refId1: `B${kind === "p2p" ? "P" : "C"}${run}`,
      payerName: "สมหญิง ใจงาม",
      amountSatang: kind === "p2p" ? 150_000 : amountSatang + (n % 90),
      qrProvider: "PP" as const,
    };
    const outcome = await createRequest(
      db,
      api,
      kind === "p2p" ? { kind: "payin_p2p", payIn: p2pRequest(payIn) } : { kind: "payin", payIn: payInRequest(payIn) },
      { merchantRowId: coffee.id, idempotencyKey: `bench-${run}`, createdBy: null },
    );
    if (outcome.outcome !== "sent") throw new Error(`the ${kind} was not accepted: ${JSON.stringify(outcome)}`);
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, outcome.request.id));
    if (!row?.providerId) throw new Error(`the ${kind} has no provider id`);
    const answer = row.providerResponse as { slipUploadUrl?: string };
    return {
      id: row.id,
      providerId: row.providerId,
      checkoutPath: checkoutPath(checkoutTokenFor(row)),
      slipUrl: `${process.env.PUBLIC_BASE_URL}${answer.slipUploadUrl}`,
    };
  };
}
