"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The sections this person may open (filtered on the server); the current one is marked. */
export function NavLinks({ items, label = "Console" }: { items: Array<{ href: string; label: string }>; label?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="border-t border-slate-200">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-6">
        {items.map((item) => {
          const isCurrent = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm ${isCurrent ? "border-brand font-medium text-brand-dark" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
