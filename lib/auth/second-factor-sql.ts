import { sql } from "drizzle-orm";
import { staffUsers } from "../db/schema";

/**
 * Whether the person in the surrounding `staff_users` row has a passkey (for selects that ride
 * along). The outer column is named with its table: drizzle writes a lone table's columns bare,
 * and a bare "id" inside the subquery would be the passkey's own.
 */
export const hasPasskeySql = sql<boolean>`exists (select 1 from staff_passkeys p where p.user_id = "staff_users"."id")`;

/** Whether the person in the surrounding `staff_users` row has a second factor: the authenticator app or a passkey. */
export const hasSecondFactorSql = sql<boolean>`(${staffUsers.totpEnabledAt} is not null or ${hasPasskeySql})`;
