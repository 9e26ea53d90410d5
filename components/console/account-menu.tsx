"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * The header's account controls (language, who is signed in, security, e-mail, sign out): in a row
 * on a computer; on a phone folded behind one button, so the page starts after two short rows
 * instead of a third of the screen.
 */
export function AccountMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800 sm:hidden"
        data-testid="account-menu-button"
      >
        {label}
      </button>
      <div id={id} className={`${open ? "flex" : "hidden"} w-full flex-wrap items-center gap-x-3 gap-y-2 sm:flex sm:w-auto sm:gap-4`}>
        {children}
      </div>
    </>
  );
}
