"use server";

import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";

/**
 * Whether the database answers now. For error boundaries: in a production build they receive only
 * a digest of a server error, never its message, so they ask rather than guess. Says nothing else.
 */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await (await getDb()).execute(sql`select 1`);
    return true;
  } catch (error) {
    return !isDatabaseUnreachable(error);
  }
}
