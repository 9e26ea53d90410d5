"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { sandboxControlSchema, type SandboxControl } from "@/lib/requests/sandbox-control-schema";
import { detailMessages } from "./detail-messages";
import { controlLabels } from "./timeline-labels";
import type { CheckOutcome } from "./recheck-button";
import { stateLabels } from "./status-messages";

type Schema = typeof sandboxControlSchema;

interface Props {
  requestId: string;
  controls: readonly SandboxControl[];
  action: ServerAction<CheckOutcome>;
  locale: Locale;
}

/**
 * Buttons that make the sandbox provider act (pay, approve, reject, expire, pay out), labelled as
 * sandbox so nobody mistakes them for real operations. The amount of a partial pay-out is checked
 * by the same schema in the browser and in the action.
 */
export function SandboxPanel({ requestId, controls, action, locale }: Props) {
  const t = detailMessages(locale);
  const labels = controlLabels(locale);
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<CheckOutcome> | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(sandboxControlSchema),
    defaultValues: { requestId, control: controls[0] ?? "pay", amount: "" },
  });
  const amountError = form.formState.errors.amount?.message ?? (result && !result.ok ? result.fieldErrors.amount?.[0] : undefined);

  const run = (control: SandboxControl) => {
    form.setValue("control", control);
    void form.handleSubmit((values) =>
      startTransition(async () => {
        const answer = await action(undefined, values);
        setResult(answer);
        if (answer.ok) router.refresh();
      }),
    )();
  };

  return (
    // Folded: it plays the bank and the provider for a demo, it is not part of the request's own page.
    <details className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm" data-testid="sandbox-controls">
      <summary className="cursor-pointer">
        <h2 className="inline text-base font-semibold text-amber-950">{t.sandbox}</h2>
      </summary>
      <p className="mt-2 text-sm text-amber-950">{t.sandboxHint}</p>
      {controls.length === 0 && <p className="mt-3 text-sm text-amber-950">{t.sandboxSettled}</p>}
      <form noValidate onSubmit={(event) => event.preventDefault()} className="mt-3 flex flex-wrap items-end gap-2">
        {controls
          .filter((c) => c !== "partial_payout")
          .map((control) => (
            <button
              key={control}
              type="button"
              disabled={isPending}
              onClick={() => run(control)}
              className="rounded-md border border-amber-500 bg-white px-3 py-1.5 text-sm font-medium text-amber-950 hover:bg-amber-100 disabled:opacity-60"
            >
              {`Sandbox: ${labels[control]}`}
            </button>
          ))}
        {controls.includes("partial_payout") && (
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="sandbox-amount" className="block text-sm font-medium text-amber-950">
                {t.amount}
              </label>
              <input
                id="sandbox-amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                {...form.register("amount")}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? "sandbox-amount-error" : undefined}
                className="mt-1 w-32 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm aria-invalid:border-red-600"
              />
            </div>
            <button
              type="button"
              disabled={isPending}
              onClick={() => run("partial_payout")}
              className="rounded-md border border-amber-500 bg-white px-3 py-1.5 text-sm font-medium text-amber-950 hover:bg-amber-100 disabled:opacity-60"
            >
              {`Sandbox: ${labels.partial_payout}`}
            </button>
          </div>
        )}
      </form>
      {amountError && (
        <p id="sandbox-amount-error" className="mt-1 text-sm text-red-700">
          {amountError}
        </p>
      )}
      <p role="status" className="mt-2 text-sm text-amber-950" data-testid="sandbox-result">
        {isPending ? t.working : result?.ok ? t.done(stateLabels(locale)[result.data.after]) : ""}
      </p>
      {result && !result.ok && !result.fieldErrors.amount && (
        <div role="alert" className="mt-1 text-sm text-red-700">
          <p>{result.message}</p>
          {result.links && (
            <ul className="mt-1 list-disc pl-5" data-testid="sandbox-blocked-by">
              {result.links.map((link) => (
                <li key={`${link.href}:${link.label}`}>
                  {link.href ? (
                    <Link href={link.href} className="text-brand-dark underline">
                      {link.label}
                    </Link>
                  ) : (
                    link.label
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}
