import type { Metadata, Viewport } from "next";
import { getPublicLocale } from "@/lib/i18n/server";

export const metadata: Metadata = {
  title: { default: "PayDesk", template: "%s · PayDesk" },
  description: "Create and follow Thai payment requests: Pay-In, P2P, Pay-Out and Withdrawal.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0f766e",
};

/**
 * No stylesheet here: the console's pages load app/globals.css, the customer's pages the much
 * smaller app/customer.css (each from their own layout or page), so a customer's phone never
 * downloads the console's styles.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The page's language for screen readers and Thai line breaking: the cookie the language switcher
  // and sign-in keep in step with the person's choice, else the browser's. Not the session itself:
  // reading it here (next-auth's auth()) renews the session cookie while a sign-out's redirect renders,
  // which undid the sign-out.
  const lang = await getPublicLocale();
  return (
    <html lang={lang}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
