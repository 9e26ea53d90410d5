"use client";

import { ActionButtonForm } from "@/components/ui/action-button-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { lineMessages } from "./line-messages";

/** Disconnects the LINE account: its token and secret are forgotten; nothing more is sent by LINE. */
export function DisconnectLineForm({ action, locale }: { action: ServerAction<{ disconnected: boolean }>; locale: Locale }) {
  const t = lineMessages(locale);
  return (
    <ActionButtonForm
      action={action}
      label={t.disconnect}
      pendingLabel={t.disconnecting}
      success={t.disconnected}
      translate={(text) => lineRuleMessages.words(locale, text)}
      variant="danger"
      testId="line-disconnect"
    />
  );
}
