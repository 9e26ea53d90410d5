"use client";

import { useState } from "react";
import { CopyButtonView, type CopyLabels } from "./copy-button-view";
import { writeClipboard } from "./write-clipboard";

export type { CopyLabels };

/**
 * Copies a value and says so, visibly and to screen readers (a polite live region beside the
 * button; the button's own words stay the same, so its accessible name always matches them). Where the
 * Clipboard API is missing (an insecure origin, an old in-app browser) it falls back to selecting
 * a hidden field and copying that; when both fail it says to copy by hand.
 *
 * The button is named "<copy>: <label>"; without a label it is named by its own words and
 * `describedBy` says what it copies (a value shown beside its own label). The markup is
 * CopyButtonView's, which the hosted checkout renders without React in the browser.
 */
export function CopyButton({
  value,
  label,
  labels,
  describedBy,
  className,
}: {
  value: string;
  label?: string;
  labels: CopyLabels;
  describedBy?: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const ok = await writeClipboard(value);
    setState(ok ? "copied" : "failed");
    if (ok) setTimeout(() => setState("idle"), 2_500);
  };
  return <CopyButtonView state={state} label={label} labels={labels} describedBy={describedBy} className={className} onClick={copy} />;
}
