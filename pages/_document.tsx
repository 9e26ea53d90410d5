import { Head, Html, Main, type DocumentProps } from "next/document";

/**
 * The document of the Pages Router's pages, the customer's: the hosted checkout
 * (pages/checkout/[token].tsx) and the slip page (pages/payin-slip-upload/…/[token].tsx). Its
 * language is the page's own (`locale` in its props), as the App Router's root layout does for
 * every other page. No <NextScript />: these pages run no framework code, and a production build
 * would write none for it anyway (unstable_runtimeJS); leaving it out keeps `next dev` the same
 * (no hydration there either, which would race the page's own script), at the price of a warning
 * in the dev server's log.
 */
export default function Document(props: DocumentProps) {
  const lang = (props.__NEXT_DATA__.props as { pageProps?: { locale?: string } }).pageProps?.locale ?? "en";
  return (
    <Html lang={lang}>
      <Head />
      <body className="min-h-screen font-sans">
        <Main />
      </body>
    </Html>
  );
}
