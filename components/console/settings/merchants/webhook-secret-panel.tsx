"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useStepUp } from "@/components/ui/step-up";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { ConfirmDialog } from "../../confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { FormNotice } from "@/components/ui/field";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";
import { webhookSecretMessages } from "./webhook-secret-messages";

type Issued = { secret: string; header: string; url: string };

/**
 * Generates (or replaces) the merchant's webhook secret. The new secret lives only in this
 * component's state: shown once, gone on reload; the server keeps only its hash. Replacing one asks
 * first: the provider's admin has to be given the new one within the old one's 24 hours.
 */
export function WebhookSecretPanel({
  action,
  merchantId,
  hasSecret,
  locale,
}: {
  action: ServerAction<Issued>;
  merchantId: string;
  hasSecret: boolean;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const router = useRouter();
  const withStepUp = useStepUp();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const replaces = hasSecret || issued !== null;
  const c = webhookSecretMessages(locale);

  const generate = () =>
    startTransition(async () => {
      setError(null);
      let answer: ActionResult<Issued>;
      try {
        answer = await withStepUp(() => action(null, { merchantId }));
      } catch {
        setError(UNREACHABLE_MESSAGE);
        return;
      }
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      setIssued(answer.data);
      router.refresh();
    });

  return (
    <div className="space-y-4" data-testid="webhook-secret-panel">
      <FormNotice error={error && translateMerchantMessage(locale, error)} testId="webhook-secret" />
      {issued && (
        <div role="status" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="webhook-secret-issued">
          <p className="text-sm font-medium text-amber-950">{t.secretShownOnce}</p>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <Row label={t.secretHeader} value={issued.header} id="secret-header" copy={t.copy} copied={t.copied} />
            <Row
              label={t.secretValue}
              value={issued.secret}
              id="secret-value"
              copy={t.copy}
              copied={t.copied}
              testId="webhook-secret-value"
            />
            <Row label={t.webhookUrl} value={issued.url} id="secret-url" copy={t.copy} copied={t.copied} />
          </dl>
          <p className="text-sm text-amber-950">{t.webhookEvents}</p>
          <p className="text-sm text-amber-950">{t.previousStillWorks}</p>
        </div>
      )}
      <button
        type="button"
        onClick={replaces ? () => setConfirming(true) : generate}
        disabled={isPending}
        className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/50 disabled:opacity-60"
      >
        {isPending ? t.generating : replaces ? t.rotateSecret : t.generateSecret}
      </button>
      <ConfirmDialog
        open={confirming}
        title={c.confirmTitle}
        confirmLabel={c.confirm}
        cancelLabel={c.back}
        onConfirm={generate}
        onClose={() => setConfirming(false)}
      >
        <p>{c.confirmNew}</p>
        <p>{c.confirmOld}</p>
      </ConfirmDialog>
    </div>
  );
}

function Row({
  label,
  value,
  id,
  copy,
  copied,
  testId,
}: {
  label: string;
  value: string;
  id: string;
  copy: string;
  copied: string;
  testId?: string;
}) {
  return (
    <>
      <dt id={`${id}-label`} className="font-medium text-slate-800">
        {label}
      </dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} labels={{ copy, copied }} describedBy={`${id}-label`} />
      </dd>
    </>
  );
}
