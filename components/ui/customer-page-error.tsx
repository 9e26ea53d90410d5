"use client";

import { lazy, Suspense } from "react";
import { PageErrorPending } from "@/components/page-state/page-error-pending";

/**
 * The error boundary of the customer's App Router pages (app/checkout/error.tsx: the floor page
 * and the test-only failing page; the checkout and the slip page are Pages Router pages, which say
 * their own failures, components/checkout/checkout-failure.tsx).
 * Every customer's phone loads a page's error boundary up front, and few ever need it: the words
 * and the layout (customer-error-view.tsx, ~1 KB gz in both languages) load only once a page has
 * failed. Should they not load either, the failure goes on to Next's own global error page.
 */
const CustomerErrorView = lazy(() => import("./customer-error-view"));

export function CustomerPageError(props: { error: unknown; retry: () => void }) {
  return (
    <Suspense fallback={<PageErrorPending />}>
      <CustomerErrorView {...props} />
    </Suspense>
  );
}
