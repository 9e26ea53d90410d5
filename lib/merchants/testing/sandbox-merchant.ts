import { randomBytes } from "node:crypto";
import type { TestSandbox } from "../../../sandbox/testing/harness";
import type { SeededMerchant } from "../../../sandbox/seed";
import type { Db } from "../../db/client";
import { createPaymentApi, type ClientOptions, type MerchantApi } from "../../provider/client";
import type { Lane } from "../../provider/limiter";
import { createKeyVault, type KeyVault } from "../key-vault";
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
  const merchantRowId = await addSandboxMerchant(db, sb.coffee, { displayName: "Coffee" });
  return { merchantRowId, api: coffeeApi(sb, options) };
}

/** A provider client for Coffee alone (its row made elsewhere, or not needed). */
export function coffeeApi(sb: TestSandbox, options: SandboxClientOptions & { readKey?: string | null } = {}): MerchantApi {
  return sandboxMerchantApi(sb, sb.coffee, { label: "Coffee", ...options });
}

/**
 * A merchant the sandbox seeded, as PayDesk's row: its own credentials, sealed with `vault` (a fresh
 * one unless given), named as the sandbox names it unless told; `readKey: undefined` leaves PayDesk
 * without one. Answers the row id.
 */
export async function addSandboxMerchant(
  db: Db,
  m: SeededMerchant,
  options: { vault?: KeyVault; displayName?: string; readKey?: string } = {},
): Promise<string> {
  const { id } = await createMerchant(db, options.vault ?? createKeyVault([randomBytes(32)]), {
    displayName: options.displayName ?? m.name,
    orgId: m.orgId,
    merchantId: m.merchantId,
    submitKey: m.submitKey,
    readKey: "readKey" in options ? options.readKey : m.readKey,
  });
  return id;
}

/** A provider client for one seeded merchant, over real HTTP, without the budget (5 s unless told). */
export function sandboxMerchantApi(
  sb: TestSandbox,
  m: SeededMerchant,
  options: SandboxClientOptions & { readKey?: string | null; label?: string; lane?: Lane } = {},
): MerchantApi {
  const { readKey = m.readKey, label = m.name, lane, ...client } = options;
  return createPaymentApi({ baseUrl: sb.url, timeoutMs: 5_000, ...client, limiter: null }).forMerchant(
    {
      orgId: m.orgId,
      merchantId: m.merchantId,
      submitKey: m.submitKey,
      readKey,
      label,
    },
    lane,
  );
}
