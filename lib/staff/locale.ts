import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers } from "../db/schema";
import { isLocale, type Locale } from "../i18n";

/** The console language a person chose; lib/i18n/server.ts prefers it over the cookie and the browser. */
export async function saveLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(staffUsers).set({ locale, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
}

/** The language saved on the account with this email, if any (at sign-in, for the cookie). */
export async function savedLocaleOf(db: Db, email: string): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: staffUsers.locale })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return isLocale(row?.locale) ? row.locale : null;
}
