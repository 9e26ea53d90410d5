import "server-only";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { env } from "./env";

/**
 * A page that fails on purpose, in demo mode only (PayDesk on its sandbox): the end-to-end tests
 * need an unexpected server error on demand to show the error pages, and a correct PayDesk has no
 * input that fails that way. Against a real provider these pages do not exist.
 */
export async function failInDemoMode(where: string): Promise<never> {
  await connection();
  if (!env().isSandbox) notFound();
  throw new Error(`a deliberate failure of ${where} (demo mode), to show its error page`);
}
