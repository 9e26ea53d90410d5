"use client";

import { useEffect, useState } from "react";
import type { CreateMessages } from "./messages";
import type { SubmitStatus } from "./use-create-form";

/**
 * What happened to the last send, announced to screen readers: progress politely, a refusal or an
 * error at once. The provider's refusal keeps its code visible (docs/STYLE.md habit 9).
 */
export function FormStatus({ status, t }: { status: SubmitStatus; t: CreateMessages }) {
  return (
    <div aria-live="polite" data-testid="form-status">
      {status.kind === "sending" && <SendingProgress t={t} />}
      {status.kind === "opening" && <p className="text-sm text-emerald-800">{t.opening}</p>}
      {status.kind === "rejected" && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="provider-rejection"
        >
          {/* NOT_SENT_<kind>: PayDesk never reached the provider (key refused, rate limit…), lib/requests/create.ts. */}
          <p className="font-medium">{status.code?.startsWith("NOT_SENT_") ? t.notSentTitle : t.rejectedTitle}</p>
          <p className="mt-1">{status.message}</p>
          <p className="mt-2 text-red-800">{t.rejectedNext}</p>
        </div>
      )}
      {status.kind === "error" && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
          {status.message}
        </p>
      )}
    </div>
  );
}

/**
 * After two seconds, how long the send has taken, so a wait for the provider's capacity is seen.
 * The running count is for the eyes; screen readers hear the sentence once.
 */
function SendingProgress({ t }: { t: CreateMessages }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-slate-600" data-testid="sending-progress">
      {seconds < 2 ? (
        t.sending
      ) : (
        <>
          <span aria-hidden="true" className="font-medium tabular-nums">
            {seconds} s ·{" "}
          </span>
          {t.sendingSlow}
        </>
      )}
    </p>
  );
}
