import { failInDemoMode } from "@/lib/demo-failure";

/** A customer's page that fails on purpose in demo mode (lib/demo-failure.ts): app/checkout/error.tsx shows. */
export default async function CheckoutFailure(): Promise<never> {
  return failInDemoMode("a customer's page");
}
