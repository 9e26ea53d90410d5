import { LOCALES, type Locale } from "@/lib/i18n/locale";

/** The customer pages' language links, each language named in itself: the shell's plain ones and the slip page's in-place ones look alike. */
export const LANGUAGE_LINKS: ReadonlyArray<{ to: Locale; name: string }> = LOCALES.map((to) => ({
  to,
  name: to === "th" ? "ไทย" : "English",
}));

export function languageLinkClass(current: boolean): string {
  return `rounded-md px-2 py-1 ${current ? "bg-slate-900 text-white" : "text-slate-800 underline hover:bg-slate-100"}`;
}
