import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";

/**
 * The document of the one Pages Router page, the hosted checkout (pages/checkout/[token].tsx):
 * its language is the page's own (`lang` in its props), as the App Router's root layout does for
 * every other page. NextScript writes nothing there in a production build (unstable_runtimeJS).
 */
export default function Document(props: DocumentProps) {
  const lang = (props.__NEXT_DATA__.props as { pageProps?: { locale?: string } }).pageProps?.locale ?? "en";
  return (
    <Html lang={lang}>
      <Head />
      <body className="min-h-screen font-sans">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
