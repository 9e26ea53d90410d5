import { consoleFontClass } from "@/components/console/console-font";
// The console's stylesheet alone: Next inlines a layout's stylesheets together in one <style>, and
// the Content-Security-Policy allows each build stylesheet by its own hash (lib/http/inlined-styles.ts),
// so a second one here would leave the page unstyled. Print rules are Tailwind's print: variants.
import "../globals.css";

/**
 * Staff pages made to be printed (the QR poster): the console's styles and font, without its
 * header and navigation, on screen or on paper. Each page checks the person itself, as console
 * pages do, and the proxy already sends a signed-out person to sign in.
 */
export default function PrintLayout({ children }: { children: React.ReactNode }) {
  return <main className={`mx-auto max-w-3xl px-4 py-6 print:max-w-none print:p-0 ${consoleFontClass}`}>{children}</main>;
}
