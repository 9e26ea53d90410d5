import Link from "next/link";
import type { ReactNode } from "react";
import { consoleFontClass } from "@/components/console/console-font";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";
import type { Locale } from "@/lib/i18n";
import { AccountHeader } from "./account-header";

/**
 * The frame of a person's own pages outside the console's layout (Account → password, e-mail and
 * LINE, linking LINE): the account header, one column, and the way back to the console.
 */
export function AccountShell({
  locale,
  setLocale,
  signOut,
  narrow = false,
  back,
  children,
}: {
  locale: Locale;
  setLocale: Parameters<typeof AccountHeader>[0]["setLocale"];
  signOut: Parameters<typeof AccountHeader>[0]["signOut"];
  narrow?: boolean;
  /** The back link's words; none when the person may not leave yet (a one-time password). */
  back: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`min-h-screen ${consoleFontClass}`}>
      <AccountHeader locale={locale} setLocale={setLocale} signOut={signOut} />
      <main className={`mx-auto ${narrow ? "max-w-md" : "max-w-2xl"} px-6 py-10`}>
        {children}
        {back && (
          <p className="mt-8 text-sm">
            <Link href={CONSOLE_HOME} className="text-brand-dark underline">
              {back}
            </Link>
          </p>
        )}
      </main>
    </div>
  );
}
