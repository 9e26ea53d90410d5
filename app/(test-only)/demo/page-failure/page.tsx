import { failInDemoMode } from "@/lib/demo-failure";

/** A page outside the console that fails on purpose in demo mode (lib/demo-failure.ts): app/(test-only)/demo/error.tsx shows. */
export default async function PageFailure(): Promise<never> {
  return failInDemoMode("a page");
}
