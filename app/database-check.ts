"use server";

import { databaseAnswers } from "@/lib/db/answers";

/**
 * Whether the database answers now. For error boundaries: in a production build they receive only
 * a digest of a server error, never its message, so they ask rather than guess. Says nothing else.
 */
export async function databaseAnswersAction(): Promise<boolean> {
  return databaseAnswers().catch(() => true);
}
