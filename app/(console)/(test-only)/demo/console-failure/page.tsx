import { failInDemoMode } from "@/lib/demo-failure";

/** A console page that fails on purpose in demo mode (lib/demo-failure.ts): app/(console)/error.tsx shows. */
export default async function ConsoleFailure(): Promise<never> {
  return failInDemoMode("a console page");
}
