"use client";

import { useEffect, useId, useRef } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";

interface Props {
  open: boolean;
  title: string;
  /** What will happen, in full: the person confirms this, not a button label. */
  children: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Inside a <form>: "submit" sends that form (its server action, which closes the dialog). */
  confirmType?: "submit" | "button";
  onConfirm?(): void;
  onClose(): void;
}

/**
 * A modal confirmation for an action that cannot be taken back. The native <dialog>: focus moves
 * into it and stays there, Escape cancels, and focus returns to the button that opened it. "Back"
 * has the first focus, so a stray Enter does not confirm.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, confirmType = "button", onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      data-testid="confirm-dialog"
    >
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={`${id}-body`} className="space-y-2 text-sm text-slate-800">
          {children}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => dialog.current?.close()} className={secondaryButtonClass} autoFocus>
            {cancelLabel}
          </button>
          {/* A submit button leaves closing to its form's action (the submit must happen first). */}
          <button
            type={confirmType}
            onClick={() => {
              if (confirmType === "submit") return;
              onConfirm?.();
              dialog.current?.close();
            }}
            className={primaryButtonClass}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
