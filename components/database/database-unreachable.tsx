import type { Locale } from "@/lib/i18n";
import { databaseMessages } from "./database-messages";

/**
 * The page body while the database cannot be reached: from the server (a layout or page that
 * caught the error) and from the console's error boundary alike, so no hooks and no server-only code.
 */
export function DatabaseUnreachable({ locale, children }: { locale: Locale; children?: React.ReactNode }) {
  const t = databaseMessages(locale);
  return (
    <section data-testid="database-unreachable" className="max-w-prose">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-slate-700">{t.body}</p>
      {children}
    </section>
  );
}
