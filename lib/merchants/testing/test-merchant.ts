import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { createKeyVault, type KeyVault } from "../key-vault";
import { createMerchant } from "../manage";

/**
 * A merchant for tests that never reach the provider: org "org-a", a placeholder submit key sealed
 * with `vault` (a fresh one unless given), "Coffee" and a random provider merchant id unless given.
 * Answers its row id.
 */
export async function testMerchant(
  db: Db,
  options: { displayName?: string; merchantId?: string; vault?: KeyVault; isDemo?: boolean } = {},
): Promise<string> {
  const { id } = await createMerchant(
    db,
    options.vault ?? createKeyVault([randomBytes(32)]),
    {
      displayName: options.displayName ?? "Coffee",
      orgId: "org-a",
      merchantId: options.merchantId ?? randomUUID(),
      submitKey: "submit-key-000000000000",
    },
    { isDemo: options.isDemo },
  );
  return id;
}
