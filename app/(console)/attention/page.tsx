import type { Metadata } from "next";
import Link from "next/link";
import { attentionMessages, kindWords } from "@/components/console/attention/messages";
import { LiveUpdates } from "@/components/live/live-updates";
import { attentionInbox } from "@/lib/attention/inbox";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatThb } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { catchUpMark } from "@/lib/live/bus";
import { toSatang } from "@/lib/money";

export const metadata: Metadata = { title: "Needs attention" };

/** Everything that waits for a person (lib/attention/inbox.ts), each kind with why and what to do. */
export default async function AttentionPage() {
  const session = await requirePermission(CONSOLE_SECTIONS.attention.permissions);
  const renderedAt = catchUpMark();
  const [locale, db] = await Promise.all([getLocale(session), getDb()]);
  const t = attentionMessages(locale);
  const inbox = (await attentionInbox(db, session)).filter((group) => group.count > 0);
  return (
    <section>
      {/* A request decided, paid or ended leaves by itself: the page follows the requests. */}
      <LiveUpdates renderedAt={renderedAt} coalesceMs={1000} />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t.intro}</p>
      {inbox.length === 0 ? (
        <p className="mt-6 text-slate-600" data-testid="attention-empty">
          {t.empty}
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {inbox.map((group) => {
            const words = kindWords(t, group.kind);
            return (
              <section
                key={group.kind}
                aria-labelledby={`attention-${group.kind}`}
                className="rounded-lg border border-slate-200 bg-white p-4"
                data-testid={`attention-${group.kind}`}
              >
                <h2 id={`attention-${group.kind}`} className="text-lg font-semibold">
                  {words.title} <span className="text-base font-normal text-slate-600">· {t.count(group.count)}</span>
                </h2>
                <p className="mt-1 text-sm text-slate-700">{words.why}</p>
                <p className="mt-1 text-sm font-medium text-slate-800">{words.todo}</p>
                <ul className="mt-3 divide-y divide-slate-100">
                  {group.items.map((item) => (
                    <li
                      key={`${item.kind}:${item.id}`}
                      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm"
                      data-testid="attention-item"
                    >
                      <Link href={item.href} className="break-all font-mono text-brand-dark underline">
                        {item.subject}
                      </Link>
                      {item.merchantName && <span className="text-slate-700">{item.merchantName}</span>}
                      {item.amount && <span className="tabular-nums">{formatThb(toSatang(item.amount))}</span>}
                      {item.detail && <span className="text-slate-600">{item.detail}</span>}
                      <span className="text-slate-600">{t.since(formatDateTime(item.since, locale))}</span>
                    </li>
                  ))}
                </ul>
                {group.items.length < group.count && (
                  <p className="mt-2 text-sm text-slate-600">{t.more(group.items.length, group.count)}</p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
