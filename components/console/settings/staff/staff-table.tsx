import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import type { StaffMember } from "@/lib/staff/queries";
import { staffMessages, staffRoleLabel } from "./staff-messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

/** Everyone who can (or could) sign in; never a password or its hash. */
export function StaffTable({
  staff,
  merchantNames,
  currentUserId,
  locale,
}: {
  staff: StaffMember[];
  merchantNames: Map<string, string>;
  currentUserId: string;
  locale: Locale;
}) {
  const t = staffMessages(locale);
  const merchantsOf = (ids: string[] | null) => (ids === null ? t.allMerchants : ids.map((id) => merchantNames.get(id) ?? id).join(", "));
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm" data-testid="staff-table">
        <thead className="bg-slate-100 text-slate-700">
          <ColumnHeadings headings={[t.name, t.email, t.role, t.merchants, t.status, t.lastSignIn]} cellClassName="px-3 py-2 font-medium" />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {staff.map((person) => (
            <tr key={person.id} data-testid={`staff-row-${person.email?.toLowerCase() ?? person.id}`}>
              <th scope="row" className="px-3 py-2 font-medium">
                <Link href={`/settings/staff/${person.id}`} className="text-brand-dark underline">
                  {person.name}
                </Link>
                {person.id === currentUserId && <span className="ml-1 text-slate-600">({t.you})</span>}
              </th>
              <td className="px-3 py-2">{person.email ?? <span className="text-slate-600">{t.emailWithheld}</span>}</td>
              <td className="px-3 py-2" data-testid="staff-role">
                {staffRoleLabel(t, person.role)}
              </td>
              <td className="px-3 py-2">{merchantsOf(person.merchantIds)}</td>
              <td className="px-3 py-2" data-testid="staff-status">
                {person.isDisabled ? (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">{t.disabled}</span>
                ) : person.mustChangePassword ? (
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t.awaitingPassword}</span>
                ) : (
                  <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900">{t.active}</span>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{person.lastSignInAt ? formatDateTime(person.lastSignInAt, locale) : t.never}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
