"use client";

import { startTransition, useActionState, useState } from "react";
import { useStepUp } from "@/components/ui/step-up";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { fieldMessage } from "@/lib/requests/form-messages";
import type { State } from "@/lib/requests/lifecycle";
import { ConfirmDialog } from "../confirm-dialog";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { fieldA11y, inputClass } from "@/components/ui/field";
import { stateLabels } from "../requests/status-messages";
import { approvalMessages, type ApprovalMessages } from "./messages";

export type ApproveAction = ServerAction<{ state: State; message: string | null }>;
export type DeclineAction = ServerAction<{ state: State }>;

interface Props {
  merchantId: string;
  requestId: string;
  /** The person looking asked for it: approving is not theirs to do (the server refuses it too). */
  isOwn: boolean;
  /** What approving sends, repeated in the confirmation: the amount ("฿75,000.00") and the destination's lines. */
  amount: string;
  destination: string[];
  locale: Locale;
  approveAction: ApproveAction;
  declineAction: DeclineAction;
}

function approvedText(data: { state: State; message: string | null }, t: ApprovalMessages, locale: Locale): string {
  if (data.state === "pending") return t.approvedPending;
  if (data.state === "unknown") return t.approvedUnknown;
  if (data.state === "rejected") return t.approvedRejected(data.message ?? "");
  return t.approvedOther(stateLabels(locale)[data.state]);
}

/** Approve (send) or decline (with a reason) one held request; the outcome stays in view. */
export function DecisionControls({ merchantId, requestId, isOwn, amount, destination, locale, approveAction, declineAction }: Props) {
  const t = approvalMessages(locale);
  // Deciding asks a person with a second factor for a fresh code first (components/ui/step-up.tsx).
  const withStepUp = useStepUp();
  const [approved, approve, isApproving] = useActionState<ActionResult<{ state: State; message: string | null }> | null, FormData>(
    (previous, formData) => withStepUp(() => approveAction(previous, formData)),
    null,
  );
  const [declined, decline, isDeclining] = useActionState<ActionResult<{ state: State }> | null, FormData>(
    (previous, formData) => withStepUp(() => declineAction(previous, formData)),
    null,
  );
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Approving sends money at once: the button asks first, the dialog's button sends.
  const [confirming, setConfirming] = useState(false);
  const isDecided = approved?.ok || declined?.ok;
  const busy = isApproving || isDeclining;
  const id = (name: string) => `${name}-${requestId}`;

  const onDecline = async (formData: FormData) => {
    // The server's schema, checked here first so an empty reason never makes the round trip; its
    // code (zod) is fetched on the first decline, not with every page that shows these buttons.
    const { declineFormSchema } = await import("@/lib/requests/forms");
    const parsed = declineFormSchema.safeParse(Object.fromEntries(formData));
    const reasonIssue = parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === "reason");
    setReasonError(reasonIssue ? fieldMessage(locale, reasonIssue.message) : null);
    if (!reasonIssue) startTransition(() => decline(formData));
  };
  const serverReasonError = declined && !declined.ok ? declined.fieldErrors.reason?.[0] : undefined;
  const shownReasonError = reasonError ?? (serverReasonError ? fieldMessage(locale, serverReasonError) : null);

  return (
    <div className="mt-4 space-y-3">
      <div aria-live="polite" data-testid="decision-status">
        {approved?.ok && (
          <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {approvedText(approved.data, t, locale)}
          </p>
        )}
        {declined?.ok && <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">{t.declined}</p>}
        {approved && !approved.ok && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {approved.message}
          </p>
        )}
        {declined && !declined.ok && !serverReasonError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {declined.message}
          </p>
        )}
      </div>
      {!isDecided && (
        <div className="flex flex-wrap items-start gap-6">
          <form
            action={(formData) => {
              setConfirming(false);
              approve(formData);
            }}
          >
            <input type="hidden" name="merchantId" value={merchantId} />
            <input type="hidden" name="requestId" value={requestId} />
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={busy || isOwn}
              className={primaryButtonClass}
              aria-describedby={isOwn ? id("own") : undefined}
            >
              {isApproving ? t.approving : t.approve}
            </button>
            <ConfirmDialog
              open={confirming}
              title={t.confirmApproveTitle}
              confirmLabel={t.confirmApprove(amount)}
              cancelLabel={t.confirmBack}
              confirmType="submit"
              onClose={() => setConfirming(false)}
            >
              <p>{t.confirmApproveIntro}</p>
              <p className="font-mono text-2xl font-semibold" data-testid="confirm-approve-amount">
                {amount}
              </p>
              <p data-testid="confirm-approve-destination">
                {t.confirmApproveTo}{" "}
                {destination.map((line) => (
                  <span key={line} className="block font-medium">
                    {line}
                  </span>
                ))}
              </p>
              <p>{t.confirmApproveFinal}</p>
            </ConfirmDialog>
            {isOwn && (
              <p id={id("own")} className="mt-1 text-sm text-slate-600">
                {t.yourOwn}
              </p>
            )}
          </form>
          <form
            action={onDecline}
            // Sent by hand with JavaScript on: a form action resets the form when it returns, which
            // would throw away the reason typed when the decline is refused (someone decided first).
            onSubmit={(event) => {
              event.preventDefault();
              const formData = new FormData(event.currentTarget);
              void onDecline(formData);
            }}
            noValidate
            className="min-w-64 flex-1"
          >
            <input type="hidden" name="merchantId" value={merchantId} />
            <input type="hidden" name="requestId" value={requestId} />
            <label htmlFor={id("reason")} className="block text-sm font-medium text-slate-700">
              {t.declineReason}
            </label>
            <div className="flex gap-2">
              <input
                name="reason"
                {...fieldA11y(id("reason"), false, shownReasonError ?? undefined)}
                maxLength={500}
                className={inputClass}
              />
              <button type="submit" disabled={busy} className={`${secondaryButtonClass} mt-1`}>
                {isDeclining ? t.declining : t.decline}
              </button>
            </div>
            {shownReasonError && (
              <p id={`${id("reason")}-error`} className="mt-1 text-sm text-red-700">
                {shownReasonError}
              </p>
            )}
          </form>
        </div>
      )}
    </div>
  );
}
