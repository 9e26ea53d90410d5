"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * Says "Loading the page…" from a click on a link to another console page until that page is shown.
 * The console has no loading.tsx (app/(console)/layout.tsx says why), so without this a slow page
 * showed nothing at all between the click and its arrival.
 */
export function NavigationPending({ label }: { label: string }) {
  const pathname = usePathname();
  // Both can be null only under the Pages Router (the hosted checkout), which never renders this.
  const search = useSearchParams()?.toString();
  const [pending, setPending] = useState(false);
  // A new location ends the wait (set while rendering, as React's docs do for state that follows a prop).
  const here = `${pathname}?${search}`;
  const [shownAt, setShownAt] = useState(here);
  if (shownAt !== here) {
    setShownAt(here);
    setPending(false);
  }

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const to = new URL(anchor.href, window.location.href);
      if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.search === window.location.search))
        return;
      setPending(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  return (
    // At the foot of the window: at its head it covered the header's merchant select.
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center">
      {pending && (
        <p data-testid="page-loading" className="mb-4 rounded-full bg-brand-dark px-4 py-1 text-sm font-medium text-white shadow">
          {label}
        </p>
      )}
    </div>
  );
}
