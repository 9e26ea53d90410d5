"use client";

import { useEffect, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import { refId1Field } from "@/lib/requests/forms";
import { secondaryButtonClass } from "@/components/ui/button";
import { Field, fieldA11y, inputClass } from "@/components/ui/field";
import type { CreateMessages } from "./messages";

export type RefId1Check = ServerAction<{ refId1: string; isTaken: boolean }>;

interface Props {
  registration: UseFormRegisterReturn<"refId1">;
  value: string;
  /** Generated suggestions are fresh by construction; only what a person types is looked up. */
  suggested: string;
  error?: string;
  merchantId: string;
  check: RefId1Check;
  onRegenerate(): void;
  onCheck(refId1: string, isTaken: boolean): void;
  /** A Pay-Out or Withdrawal: no QR carries the RefId1. */
  moneyOut: boolean;
  t: CreateMessages;
}

const DEBOUNCE_MS = 400;

/**
 * RefId1: pre-filled, editable, with a button for a fresh one, and looked up (debounced) while the
 * person types, so a used RefId1 is flagged before they send. The server checks again on submit.
 */
export function RefId1Field({ registration, value, suggested, error, merchantId, check, onRegenerate, onCheck, moneyOut, t }: Props) {
  // What the lookup found, and for which text: anything else (a suggestion, a text not looked up yet) shows no state.
  const [lookup, setLookup] = useState<{ text: string; state: "idle" | "checking" | "free" }>({ text: "", state: "idle" });
  const text = value.trim();
  const state = lookup.text === text && text !== suggested ? lookup.state : "idle";

  useEffect(() => {
    if (text === suggested || !refId1Field.safeParse(text).success) return;
    let isCurrent = true;
    const timer = setTimeout(async () => {
      setLookup({ text, state: "checking" });
      try {
        const result = await check(null, { merchantId, refId1: text });
        if (!isCurrent) return;
        if (result.ok) onCheck(text, result.data.isTaken);
        setLookup({ text, state: result.ok && !result.data.isTaken ? "free" : "idle" });
      } catch {
        if (isCurrent) setLookup({ text, state: "idle" }); // the check is a courtesy; the submit decides
      }
    }, DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
    // onCheck and check are stable enough; re-running on them would re-check the same value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, suggested, merchantId]);

  const hint = (
    <>
      {t.refId1Hint(moneyOut)}
      {state === "checking" && <span className="ml-1 text-slate-500">{t.refId1Checking}</span>}
      {state === "free" && !error && <span className="ml-1 text-emerald-800">{t.refId1Free}</span>}
    </>
  );
  return (
    <Field id="refId1" label={t.refId1} hint={hint} error={error}>
      <div className="flex gap-2">
        <input
          {...registration}
          {...fieldA11y("refId1", true, error)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          className={`${inputClass} font-mono`}
        />
        <button type="button" onClick={onRegenerate} className={`${secondaryButtonClass} mt-1 whitespace-nowrap`}>
          {t.newRefId1}
        </button>
      </div>
    </Field>
  );
}
