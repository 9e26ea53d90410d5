import Link from "next/link";
import { roleLabel, shellMessages } from "@/components/console/shell-messages";
import { currentSession } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";

/** What requirePermission() shows, with status 403, when the role cannot open the page. */
export default async function Forbidden() {
  const session = await currentSession();
  const t = shellMessages(await getLocale());
  return (
    <section data-testid="forbidden">
      <h1 className="text-2xl font-semibold">{t.forbiddenTitle}</h1>
      <p className="mt-2 text-slate-600">
        {session ? t.forbiddenRole(roleLabel(t, session.role)) : t.forbiddenAccount} {t.forbiddenAsk}
      </p>
      <p className="mt-6">
        <Link href="/requests" className="text-brand-dark underline">
          {t.backToRequests}
        </Link>
      </p>
    </section>
  );
}
