import Link from "next/link";
import { currentSession } from "@/lib/auth/session";
import { getProviderStatus } from "@/lib/provider-status";
import "./globals.css";

// The status is read per request: a cached "reachable" would lie.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const [provider, session] = await Promise.all([getProviderStatus(), currentSession()]);
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold text-brand-dark">PayDesk</h1>
      <p className="mt-2 text-slate-600">
        Create and follow Thai payment requests — Pay-In, P2P, Pay-Out and Withdrawal — against the Payment Request Service.
      </p>
      <section aria-labelledby="provider-heading" className="mt-10 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="provider-heading" className="text-lg font-medium">
          Payment provider
        </h2>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Provider</dt>
          <dd data-testid="provider-kind">
            {provider.isSandbox ? `PayDesk sandbox (${provider.sandboxProfile ?? "unknown"} profile)` : "Payment Request Service"}
          </dd>
          <dt className="text-slate-500">Address</dt>
          <dd className="font-mono">{provider.baseUrl}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd data-testid="provider-status" className={provider.reachable ? "text-emerald-700" : "text-red-700"}>
            {provider.reachable ? "Reachable" : "Not reachable — check PAYMENT_API_BASE_URL, or start the sandbox with npm run sandbox"}
          </dd>
        </dl>
      </section>
      <p className="mt-8">
        <Link href={session ? "/requests" : "/login"} className="inline-block rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
          {session ? "Open the console" : "Sign in"}
        </Link>
        {session && <span className="ml-3 text-sm text-slate-600">Signed in as {session.name}</span>}
      </p>
    </main>
  );
}
