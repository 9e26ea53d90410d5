import { consoleFontClass } from "@/components/console/console-font";

/**
 * One's own account pages (Password, including the forced first change; Security; E-mail) stand
 * outside the console's layout, so they define and apply the console's self-hosted font here: on
 * a computer without a Thai font their Thai would otherwise be boxes (e2e/thai-fonts.spec.ts).
 */
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return <div className={consoleFontClass}>{children}</div>;
}
