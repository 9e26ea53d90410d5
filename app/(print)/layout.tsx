import { consoleFontClass } from "@/components/console/console-font";
import "../globals.css";
import "./print.css";

/**
 * Staff pages made to be printed (the QR poster): the console's styles and font, without its
 * header and navigation, on screen or on paper. Each page checks the person itself, as console
 * pages do, and the proxy already sends a signed-out person to sign in.
 */
export default function PrintLayout({ children }: { children: React.ReactNode }) {
  return <main className={`mx-auto max-w-3xl px-4 py-6 print:max-w-none print:p-0 ${consoleFontClass}`}>{children}</main>;
}
