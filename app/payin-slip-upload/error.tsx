"use client";

import { PageError } from "@/components/page-state/page-error";
import { customerErrorMessages } from "@/components/ui/customer-error-messages";

/** A customer's page failed unexpectedly: words for the customer, and nothing of the console's in their phone. */
export default function CustomerPageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <PageError error={error} retry={retry} words={customerErrorMessages} />;
}
