"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { secondaryButtonClass } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { developerRuleMessages } from "@/lib/merchant-api/keys/rule-messages";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { ConfirmDialog } from "../../confirm-dialog";
import { developerMessages } from "./developer-messages";

export interface ApiKeyListing {
  id: string;
  name: string;
  mode: "test" | "live";
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  expiresAt: string | null;
  status: "active" | "revoked" | "expired";
}

/** The merchant's keys (never their secrets), each revocable after a confirmation. */
export function ApiKeyTable({
  keys,
  action,
  merchantId,
  locale,
}: {
  keys: ApiKeyListing[];
  action: ServerAction<null>;
  merchantId: string;
  locale: Locale;
}) {
  const t = developerMessages(locale);
  const router = useRouter();
  const [revoking, setRevoking] = useState<ApiKeyListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(new Date(iso), locale) : none);

  const revoke = (key: ApiKeyListing) =>
    startTransition(async () => {
      setError(null);
      let answer: ActionResult<null>;
      try {
        answer = await action(null, { merchantId, keyId: key.id });
      } catch {
        setError(UNREACHABLE_MESSAGE);
        return;
      }
      setRevoking(null);
      if (!answer.ok) setError(developerRuleMessages.words(locale, answer.message));
      router.refresh();
    });

  if (keys.length === 0) return <p className="text-sm text-slate-600">{t.none}</p>;
  return (
    <div className="space-y-3">
      <FormNotice error={error} testId="api-key-revoke" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="api-key-table">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">{t.colName}</th>
              <th className="py-2 pr-3 font-medium">{t.colKey}</th>
              <th className="py-2 pr-3 font-medium">{t.colScopes}</th>
              <th className="py-2 pr-3 font-medium">{t.colCreated}</th>
              <th className="py-2 pr-3 font-medium">{t.colLastUsed}</th>
              <th className="py-2 pr-3 font-medium">{t.colExpires}</th>
              <th className="py-2 pr-3 font-medium">{t.colStatus}</th>
              <th className="py-2 font-medium">
                <span className="sr-only">{t.revoke}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} className="border-b border-slate-100 align-top" data-testid="api-key-row">
                <td className="py-2 pr-3">{key.name}</td>
                <td className="py-2 pr-3">
                  <code className="text-xs">{key.id}…</code>
                </td>
                <td className="py-2 pr-3 text-xs">{key.scopes.join(", ")}</td>
                <td className="py-2 pr-3">{when(key.createdAt, "")}</td>
                <td className="py-2 pr-3">
                  {when(key.lastUsedAt, t.never)}
                  {key.lastUsedIp && <span className="block text-xs text-slate-500">{key.lastUsedIp}</span>}
                </td>
                <td className="py-2 pr-3">{when(key.expiresAt, t.noExpiry)}</td>
                <td className="py-2 pr-3">{t[key.status]}</td>
                <td className="py-2">
                  {key.status === "active" && (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => setRevoking(key)}
                      aria-label={`${t.revoke}: ${key.name}`}
                    >
                      {t.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={t.revokeTitle}
        confirmLabel={t.revoke}
        cancelLabel={t.cancel}
        onConfirm={() => revoking && revoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        <p>
          <strong>{revoking?.name}</strong> ({revoking?.id}…)
        </p>
        <p className="mt-2">{t.revokeBody}</p>
      </ConfirmDialog>
    </div>
  );
}
