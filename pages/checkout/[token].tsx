import type { GetServerSideProps } from "next";
import Head from "next/head";
import { CheckoutPage, isOpenPage, type CheckoutPageProps } from "@/components/checkout/checkout-page";
import { customerStylesheet } from "@/lib/checkout/customer-stylesheet";
import { checkoutPageLoader } from "@/lib/checkout/page-bridge";
import { nonceOf } from "@/lib/http/security-headers";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n";

/**
 * The hosted checkout, `/checkout/<token>`: public, for a customer on a phone, often a cheap one on
 * weak mobile data. The one page of the Pages Router, because that router can render a React tree
 * to complete HTML and ship no framework runtime and no hydration at all (`unstable_runtimeJS:
 * false`, supported as it is, no patching); every App Router page carries ~130 KB gz of runtime,
 * and a route handler cannot render React to HTML (it runs in the react-server layer, where
 * react-dom/server refuses to load). The markup is components/checkout/checkout-page.tsx, one
 * source for the first HTML and for every state the page turns into; the phone runs only PayDesk's
 * own script (public/checkout-assets/checkout.js, built from components/checkout/browser/), with
 * this response's nonce. The stylesheet is the customer pages' own, inlined.
 *
 * Rendered from PayDesk's stored answer (no provider call on load), read through
 * lib/checkout/page-bridge.ts: this router refuses the "server-only" modules that read it.
 */
// `runtime` is the default; named so the config matches the router's declared type, which omits the flag.
export const config = { unstable_runtimeJS: false, runtime: "nodejs" };

interface Props extends CheckoutPageProps {
  nonce: string | null;
  css: string;
  isOpen: boolean;
}

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({ params, req }) => {
  const token = params?.token ?? "";
  const locale = pickLocale(req.cookies[LOCALE_COOKIE], req.headers["accept-language"]);
  const { found, hubBase } = await checkoutPageLoader()(token);
  const serverNow = Date.now();
  const nonce = nonceOf(req.headers["content-security-policy"] as string | undefined);
  return { props: { token, locale, found, serverNow, hubBase, nonce, css: customerStylesheet(), isOpen: isOpenPage(found, serverNow) } };
};

export default function HostedCheckout({ nonce, css, isOpen, ...page }: Props) {
  return (
    <>
      <Head>
        <title>Checkout · PayDesk</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <style nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: css }} />
      </Head>
      <CheckoutPage {...page} />
      {isOpen && <script defer src="/checkout-assets/checkout.js" nonce={nonce ?? undefined} />}
    </>
  );
}
