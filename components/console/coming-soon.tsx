import { getLocale } from "@/lib/i18n/server";
import { shellMessages } from "./shell-messages";

/** The placeholder of a console section that arrives in a later release. */
export async function ComingSoon({ title, detail }: { title: string; detail: string }) {
  const t = shellMessages(await getLocale());
  return (
    <section>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{t.comingSoon(detail)}</p>
    </section>
  );
}
