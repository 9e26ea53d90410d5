import { randomBytes } from "node:crypto";
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { CheckoutFailure } from "@/components/checkout/checkout-failure";
import { CheckoutPage, isOpenPage, type CheckoutPageProps } from "@/components/checkout/checkout-page";
import { brandStyle } from "@/components/ui/public-shell";
import { customerStylesheet } from "@/lib/checkout/customer-stylesheet";
import { checkoutPageLoader, type CheckoutPageLoader } from "@/lib/checkout/page-bridge";
import { nonceOf } from "@/lib/http/security-headers";
import { localeOf, type Locale } from "@/lib/i18n";

/**
 * The hosted checkout, `/checkout/<token>`: public, for a customer on a phone, often a cheap one on
 * weak mobile data. The one page of the Pages Router, because that router can render a React tree
 * to complete HTML and ship no framework runtime and no hydration at all (`unstable_runtimeJS:
 * false`, supported as it is, no patching); every App Router page carries ~130 KB gz of runtime,
 * and an App Router route handler cannot render React to HTML (it runs in the react-server layer,
 * where react-dom/server refuses to load). The markup is components/checkout/checkout-page.tsx,
 * one source for the first HTML and for every state the page turns into; the phone runs only
 * PayDesk's own script (public/checkout-assets/checkout.js, built from
 * components/checkout/browser/), carrying this response's nonce. The customer stylesheet is inlined.
 *
 * Rendered from PayDesk's stored answer (no provider call on load), read through
 * lib/checkout/page-bridge.ts: this router refuses the "server-only" modules that read it.
 */
// `runtime` is the default; named so the config matches the router's declared type, which omits the flag.
export const config = { unstable_runtimeJS: false, runtime: "nodejs" };

type Props = { nonce: string | null; css: string; locale: Locale; token: string } & (
  { page: CheckoutPageProps; isOpen: boolean } | { failure: string }
);

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({ params, req, res }) => {
  const token = params?.token ?? "";
  const locale = localeOf(null, new Headers({ cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" }));
  const common = { token, locale, nonce: nonceOf(req.headers["content-security-policy"] as string | undefined), css: customerStylesheet() };
  let answer: Awaited<ReturnType<CheckoutPageLoader>>;
  try {
    answer = await checkoutPageLoader()(token);
  } catch (error) {
    // Only before start-up registered the door (lib/checkout/page-bridge.ts): nothing read, nothing to log but this.
    const reference = `rq_${randomBytes(8).toString("hex")}`;
    console.error(`[checkout] failed, reference ${reference}:`, error);
    answer = { ok: false, requestId: reference };
  }
  res.setHeader("X-Request-Id", answer.requestId);
  if (!answer.ok) {
    res.statusCode = 500;
    return { props: { ...common, failure: answer.requestId } };
  }
  const { found, hubBase } = answer.data;
  const serverNow = Date.now();
  return { props: { ...common, page: { token, locale, found, serverNow, hubBase }, isOpen: isOpenPage(found, serverNow) } };
};

/** The merchant's colour for the page's stylesheet, when it has one (components/ui/public-shell.tsx). */
const pageBrandStyle = (props: Props) => ("page" in props && props.page.found.ok ? brandStyle(props.page.found.view.brand) : "");

export default function HostedCheckout(props: Props) {
  const { nonce, css } = props;
  return (
    <>
      <Head>
        <title>Checkout · PayDesk</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <style nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: css + pageBrandStyle(props) }} />
      </Head>
      {"failure" in props ? (
        <CheckoutFailure locale={props.locale} reference={props.failure} path={`/checkout/${encodeURIComponent(props.token)}`} />
      ) : (
        <CheckoutPage {...props.page} />
      )}
      {"isOpen" in props && props.isOpen && <script defer src="/checkout-assets/checkout.js" nonce={nonce ?? undefined} />}
    </>
  );
}
