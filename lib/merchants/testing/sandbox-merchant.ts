import { randomBytes } from "node:crypto";
import type { TestSandbox } from "../../../sandbox/testing/harness";
import type { Db } from "../../db/client";
import { createPaymentApi, type MerchantApi } from "../../provider/client";
import { createKeyVault } from "../key-vault";
import { createMerchant } from "../manage";

/**
 * The sandbox's first merchant ("Coffee") as a test's PayDesk has it: its row (keys sealed with a
 * vault of the test's own) and a provider client for it over real HTTP, without the budget.
 */
export async function sandboxCoffee(
  db: Db,
  sb: TestSandbox,
  options: { timeoutMs?: number } = {},
): Promise<{ merchantRowId: string; api: MerchantApi }> {
  const { id } = await createMerchant(db, createKeyVault([randomBytes(32)]), {
    displayName: "Coffee",
    orgId: sb.coffee.orgId,
    merchantId: sb.coffee.merchantId,
    submitKey: sb.coffee.submitKey,
    readKey: sb.coffee.readKey,
  });
  const api = createPaymentApi({ baseUrl: sb.url, timeoutMs: options.timeoutMs ?? 5_000, limiter: null }).forMerchant({
    orgId: sb.coffee.orgId,
    merchantId: sb.coffee.merchantId,
    submitKey: sb.coffee.submitKey,
    readKey: sb.coffee.readKey,
    label: "Coffee",
  });
  return { merchantRowId: id, api };
}
