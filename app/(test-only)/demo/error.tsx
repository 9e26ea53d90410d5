"use client";

import { PageError } from "@/components/page-state/page-error";
import { pageStateMessages } from "@/components/page-state/page-state-messages";

/** This staff page failed unexpectedly: components/page-state/page-error.tsx, in the staff's words. */
export default function StaffPageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <PageError error={error} retry={retry} words={pageStateMessages} />;
}
