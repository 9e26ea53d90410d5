import { sql } from "drizzle-orm";
import { staffPasskeys, staffUsers } from "../db/schema";

/** Whether the person in the surrounding `staff_users` row has a passkey (for selects that ride along). */
export const hasPasskeySql = sql<boolean>`exists (select 1 from ${staffPasskeys} p where p.user_id = ${staffUsers.id})`;

/** Whether the person in the surrounding `staff_users` row has a second factor: the authenticator app or a passkey. */
export const hasSecondFactorSql = sql<boolean>`(${staffUsers.totpEnabledAt} is not null or ${hasPasskeySql})`;
