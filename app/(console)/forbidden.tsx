import Link from "next/link";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { currentSession } from "@/lib/auth/session";

/** What requirePermission() shows, with status 403, when the role cannot open the page. */
export default async function Forbidden() {
  const session = await currentSession();
  return (
    <section data-testid="forbidden">
      <h1 className="text-2xl font-semibold">You do not have permission to open this page</h1>
      <p className="mt-2 text-slate-600">
        {session ? `Your role (${ROLE_LABELS[session.role]}) cannot use it.` : "Your account cannot use it."} If you need it for your work, ask an admin to
        change your role.
      </p>
      <p className="mt-6">
        <Link href="/requests" className="text-brand-dark underline">
          Back to requests
        </Link>
      </p>
    </section>
  );
}
