import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "./index";
import { isDatabaseUnreachable } from "./unreachable";

/** Whether the database answers now: a trivial query, failing only when it cannot be reached. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await (await getDb()).execute(sql`select 1`);
    return true;
  } catch (error) {
    if (isDatabaseUnreachable(error)) return false;
    throw error;
  }
}
