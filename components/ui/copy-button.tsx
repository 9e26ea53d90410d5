"use client";

import { useState } from "react";
import { CheckIcon } from "./svg-icon";

export interface CopyLabels {
  copy: string;
  copied: string;
  /** Without it a failed copy says nothing: the value is on the page, selectable by hand. */
  copyFailed?: string;
}

/**
 * Copies a value and says so, visibly and to screen readers (a polite live region beside the
 * button; the button's own words stay the same, so its accessible name always matches them). Where the
 * Clipboard API is missing (an insecure origin, an old in-app browser) it falls back to selecting
 * a hidden field and copying that; when both fail it says to copy by hand.
 *
 * The button is named "<copy>: <label>"; without a label it is named by its own words and
 * `describedBy` says what it copies (a value shown beside its own label).
 */
export function CopyButton({ value, label, labels, describedBy, className }: { value: string; label?: string; labels: CopyLabels; describedBy?: string; className?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const ok = await writeClipboard(value);
    setState(ok ? "copied" : "failed");
    if (ok) setTimeout(() => setState("idle"), 2_500);
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={label === undefined ? undefined : `${labels.copy}: ${label}`}
        aria-describedby={describedBy}
        className={className ?? "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2"}
      >
        {labels.copy}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-slate-700">
        {state === "copied" ? (
          <span className="inline-flex items-center gap-1">
            <CheckIcon />
            {labels.copied}
          </span>
        ) : state === "failed" ? (
          (labels.copyFailed ?? "")
        ) : (
          ""
        )}
      </span>
    </span>
  );
}

async function writeClipboard(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = value;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}
