import { QRCodeSVG } from "qrcode.react";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import type { LineChoiceKind } from "@/lib/line/schemas";
import { LineChoicesForm, UnlinkLineForm } from "./line-account-forms";
import { lineAccountMessages } from "./line-account-messages";

export interface LineAccountView {
  /** The connected Official Account, or null when none is. */
  bot: { basicId: string; displayName: string } | null;
  /** Where a person adds it as a friend: LINE's own address, or in demo mode the stand-in's page. */
  friendUrl: string | null;
  isStandIn: boolean;
  linkedAt: Date | null;
  offered: LineChoiceKind[];
  chosen: LineChoiceKind[];
}

/** Account → LINE: how to link one's LINE account, or that it is linked, and which LINE messages to get. */
export function LineAccountSection({
  view,
  locale,
  saveChoices,
  unlink,
}: {
  view: LineAccountView;
  locale: Locale;
  saveChoices: ServerAction<{ userId: string }>;
  unlink: ServerAction<{ userId: string }>;
}) {
  const t = lineAccountMessages(locale);
  return (
    <section className="mt-10" aria-labelledby="line-title" data-testid="line-account">
      <h2 id="line-title" className="text-xl font-semibold">
        {t.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t.intro}</p>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
        {!view.bot ? (
          <p className="text-sm text-slate-700" data-testid="line-not-connected">
            {t.notConnected}
          </p>
        ) : view.linkedAt ? (
          <>
            <p className="text-sm" data-testid="line-linked">
              {t.linked(formatDateTime(view.linkedAt, locale))}
            </p>
            <UnlinkLineForm action={unlink} locale={locale} />
          </>
        ) : (
          <div className="flex flex-wrap items-start gap-5">
            {view.friendUrl && !view.isStandIn && (
              <QRCodeSVG value={view.friendUrl} size={128} role="img" aria-label={t.qrLabel(view.bot.basicId)} />
            )}
            <div className="max-w-sm">
              <p className="text-sm text-slate-700" data-testid="line-how-to">
                {t.howTo(view.bot.basicId)}
              </p>
              {view.friendUrl && (
                <p className="mt-2 text-sm">
                  <a href={view.friendUrl} className="text-brand-dark underline" target="_blank" rel="noreferrer">
                    {view.isStandIn ? t.standIn : t.addFriend}
                  </a>
                </p>
              )}
            </div>
          </div>
        )}
        {view.bot &&
          (view.offered.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">{t.none}</p>
          ) : (
            <LineChoicesForm action={saveChoices} locale={locale} offered={view.offered} chosen={view.chosen} />
          ))}
      </div>
    </section>
  );
}
