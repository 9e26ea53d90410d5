import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Locale } from "@/lib/i18n";
import { settingsMessages } from "./settings-messages";

/** Settings' own tabs, showing only those the person's role opens. */
export function SettingsNav({
  session,
  locale,
  current,
}: {
  session: StaffSession;
  locale: Locale;
  current: "merchants" | "developers" | "webhooks" | "line" | "staff" | "jobs";
}) {
  const t = settingsMessages(locale);
  const tabs = [
    { key: "merchants", href: "/settings/merchants", label: t.merchantsTab, isAllowed: can(session.role, "merchant.manage") },
    { key: "developers", href: "/settings/developers", label: t.developersTab, isAllowed: can(session.role, "merchant.manage") },
    { key: "webhooks", href: "/settings/webhooks", label: t.webhooksTab, isAllowed: can(session.role, "merchant.manage") },
    { key: "line", href: "/settings/line", label: t.lineTab, isAllowed: can(session.role, "merchant.manage") },
    { key: "staff", href: "/settings/staff", label: t.staffTab, isAllowed: can(session.role, "staff.manage") },
    { key: "jobs", href: "/settings/jobs", label: t.jobsTab, isAllowed: can(session.role, "merchant.manage") },
  ].filter((tab) => tab.isAllowed);
  return (
    <div className="mb-6">
      <p className="text-sm font-medium text-slate-600">{t.settingsTitle}</p>
      <nav aria-label={t.settingsTitle} className="mt-2 border-b border-slate-200">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link
                href={tab.href}
                aria-current={tab.key === current ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm ${tab.key === current ? "border-brand font-medium text-brand-dark" : "border-transparent text-slate-700 hover:text-slate-900"}`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
