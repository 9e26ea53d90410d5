"use client";

import { useState } from "react";
import { useBrowserValue } from "@/components/ui/use-browser-value";

interface Props {
  url: string;
  title: string;
  text: string;
  labels: { share: string; shareFailed: string };
}

/**
 * The phone's own share sheet (Web Share API), where the browser has one: LINE, Messenger, SMS…
 * whatever the person uses. Shown only once the browser is known to offer it (after hydration, so
 * the server's HTML and the first render agree); closing the sheet is not a failure.
 */
export function ShareButton({ url, title, text, labels }: Props) {
  const canShare = useBrowserValue(() => typeof navigator.share === "function", false);
  const [failed, setFailed] = useState(false);
  if (!canShare) return null;
  const share = async () => {
    setFailed(false);
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      if ((error as { name?: string } | null)?.name !== "AbortError") setFailed(true);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={share}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100"
        data-testid="share-button"
      >
        {labels.share}
      </button>
      <span role="status" className="text-xs text-red-700">
        {failed ? labels.shareFailed : ""}
      </span>
    </span>
  );
}
