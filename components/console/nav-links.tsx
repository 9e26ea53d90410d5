"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Locale } from "@/lib/i18n";
import { shellMessages } from "./shell-messages";
import { useAttentionCount, useAwaitingApprovalCount } from "./use-awaiting-approval-count";

export interface NavItem {
  key: string;
  href: string;
  label: string;
}

interface Props {
  items: NavItem[];
  label?: string;
  locale: Locale;
  /** Requests waiting for approval, server-rendered; null for a person who may not approve (no count shown). */
  awaitingApproval?: number | null;
  /** Items in "Needs attention", server-rendered; null when not shown. */
  attention?: number | null;
}

/** The sections this person may open (filtered on the server); the current one is marked. */
export function NavLinks({ items, label = "Console", locale, awaitingApproval = null, attention = null }: Props) {
  const pathname = usePathname();
  const waiting = useAwaitingApprovalCount(awaitingApproval);
  const inbox = useAttentionCount(attention);
  const t = shellMessages(locale);
  return (
    <nav aria-label={label} className="border-t border-slate-200">
      {/* One line that scrolls sideways on a phone, rather than rows of links before the page. */}
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 sm:flex-wrap sm:px-6">
        {items.map((item) => {
          const isCurrent = pathname === item.href || pathname?.startsWith(`${item.href}/`);
          const count = item.key === "approvals" && waiting ? waiting : item.key === "attention" && inbox ? inbox : null;
          const countWords = item.key === "approvals" ? t.approvalsWaiting : t.attentionWaiting;
          return (
            <li key={item.href}>
              {/* relative: the count's words for screen readers (sr-only, absolutely placed) stay inside the
                  link, which the list scrolls, instead of widening the page on a phone. */}
              <Link
                href={item.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`relative inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isCurrent ? "border-brand font-medium text-brand-dark" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {count ? (
                  // The eye gets the name and a bare number; a screen reader one sentence ("Approvals, 3 waiting"),
                  // whole, since text split across flex items is read with a break between them.
                  <>
                    <span aria-hidden="true">{item.label}</span>
                    <span
                      aria-hidden="true"
                      data-testid={`${item.key}-count`}
                      className="min-w-5 rounded-full bg-amber-100 px-1.5 text-center text-xs font-semibold text-amber-900"
                    >
                      {count}
                    </span>
                    <span className="sr-only">{countWords(item.label, count)}</span>
                  </>
                ) : (
                  item.label
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
