"use client";

import { PageError } from "@/components/page-state/page-error";
import { customerErrorMessages } from "./customer-error-messages";

/** What a customer's failed page says: loaded by customer-page-error.tsx only once a page has failed. */
export default function CustomerErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  return <PageError error={error} retry={retry} words={customerErrorMessages} />;
}
