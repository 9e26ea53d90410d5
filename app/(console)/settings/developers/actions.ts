"use server";

import { eq } from "drizzle-orm";
import { createApiKey, revokeApiKey } from "@/lib/merchant-api/keys/manage";
import { developerRuleMessages } from "@/lib/merchant-api/keys/rule-messages";
import { createApiKeySchema, returnOriginsSchema, revokeApiKeySchema } from "@/lib/merchant-api/keys/schemas";
import { ActionError, defineAction } from "@/lib/auth/action";
import { merchants } from "@/lib/db/schema";

/**
 * Settings → Developers. Creating a key answers the key itself, the one time it leaves the server
 * (the audit row names the key's id, never its secret); revoking holds at once on every instance,
 * since every API call reads the key from the database.
 */
export const createApiKeyAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: createApiKeySchema,
  merchantScoped: true,
  audit: "api-key.create",
  run: async ({ input, merchant, session, db }) => {
    const { key, row } = await createApiKey(db, {
      merchantRowId: merchant.id,
      name: input.name,
      mode: input.mode,
      scopes: input.scopes,
      expiresAt: input.expiresOn,
      createdBy: session.userId,
    });
    return { key, id: row.id };
  },
  target: (_input, data) => data.id,
});

export const revokeApiKeyAction = defineAction({
  permission: "merchant.manage",
  schema: revokeApiKeySchema,
  merchantScoped: true,
  audit: "api-key.revoke",
  run: async ({ input, merchant, session, db }) => {
    const revoked = await revokeApiKey(db, { keyId: input.keyId, merchantRowId: merchant.id, revokedBy: session.userId });
    if (!revoked) throw new ActionError(developerRuleMessages.keys.keyGone, {}, "not_found");
    return null;
  },
  target: (input) => input.keyId,
});

export const updateReturnOriginsAction = defineAction({
  permission: "merchant.manage",
  schema: returnOriginsSchema,
  merchantScoped: true,
  audit: "merchant.return-origins",
  run: async ({ input, merchant, db }) => {
    await db.update(merchants).set({ allowedReturnOrigins: input.origins, updatedAt: new Date() }).where(eq(merchants.id, merchant.id));
    return { origins: input.origins };
  },
  target: (input) => input.merchantId,
});
