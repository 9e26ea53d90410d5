import { randomBytes } from "node:crypto";
import type { TestSandbox } from "../../../sandbox/testing/harness";
import type { Db } from "../../db/client";
import { createPaymentApi, type ClientOptions, type MerchantApi } from "../../provider/client";
import { createKeyVault } from "../key-vault";
import { createMerchant } from "../manage";

/** How a test's provider client differs from the default: 5 s to answer, no budget. */
export type SandboxClientOptions = Partial<Omit<ClientOptions, "baseUrl" | "limiter">>;

/**
 * The sandbox's first merchant ("Coffee") as a test's PayDesk has it: its row (keys sealed with a
 * vault of the test's own) and a provider client for it over real HTTP, without the budget.
 */
export async function sandboxCoffee(
  db: Db,
  sb: TestSandbox,
  options: SandboxClientOptions = {},
): Promise<{ merchantRowId: string; api: MerchantApi }> {
  const { id } = await createMerchant(db, createKeyVault([randomBytes(32)]), {
    displayName: "Coffee",
    orgId: sb.coffee.orgId,
    merchantId: sb.coffee.merchantId,
    submitKey: sb.coffee.submitKey,
    readKey: sb.coffee.readKey,
  });
  return { merchantRowId: id, api: coffeeApi(sb, options) };
}

/** A provider client for Coffee alone (its row made elsewhere, or not needed). */
export function coffeeApi(sb: TestSandbox, options: SandboxClientOptions & { readKey?: string | null } = {}): MerchantApi {
  const { readKey = sb.coffee.readKey, ...client } = options;
  return createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, ...client, limiter: null }).forMerchant({
    orgId: sb.coffee.orgId,
    merchantId: sb.coffee.merchantId,
    submitKey: sb.coffee.submitKey,
    readKey,
    label: "Coffee",
  });
}
