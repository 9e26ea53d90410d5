import { randomBytes } from "node:crypto";
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { CheckoutFailure } from "@/components/checkout/checkout-failure";
import { sentOutcome } from "@/components/slip/failure";
import { offersForm, SlipPage, type SlipPageProps } from "@/components/slip/slip-page";
import { customerStylesheet } from "@/lib/checkout/customer-stylesheet";
import { slipPagePath } from "@/lib/http/public-paths";
import { nonceOf } from "@/lib/http/security-headers";
import { localeOf, type Locale } from "@/lib/i18n";
import { slipPageLoader, type SlipPageLoader } from "@/lib/slips/page-bridge";
import { brandStyle } from "@/components/ui/public-shell";

/**
 * The slip upload page (docs/DESIGN.md §5.3), public, at the provider's own path
 * (`slipUploadUrl`), opened on phones when a transfer was not matched. A Pages Router page for the
 * checkout's reason (pages/checkout/[token].tsx): complete server HTML, no framework runtime and
 * no hydration; the markup is components/slip/slip-page.tsx and the phone runs only PayDesk's own
 * script (public/checkout-assets/slip.js, from components/slip/browser/), carrying this
 * response's nonce, and the slip QR reader only once a slip is picked. Its upload, duplicate
 * check and language routes stay App Router route handlers beside it (app/payin-slip-upload/…).
 *
 * Nothing about the request is shown until the provider has said the token is good; the request
 * itself comes from PayDesk's records (lib/slips/link.ts, read through lib/slips/page-bridge.ts).
 */
// `runtime` is the default; named so the config matches the router's declared type, which omits the flag.
export const config = { unstable_runtimeJS: false, runtime: "nodejs" };

type Segments = { orgId: string; paymentRequestId: string; token: string };
type Props = { nonce: string | null; css: string; locale: Locale; base: string } & (
  { page: Omit<SlipPageProps, "locale" | "base">; script: boolean } | { failure: string }
);

export const getServerSideProps: GetServerSideProps<Props, Segments> = async ({ params, req, res, query }) => {
  const link = { orgId: params?.orgId ?? "", paymentRequestId: params?.paymentRequestId ?? "", token: params?.token ?? "" };
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const locale = localeOf(null, headers);
  const base = slipPagePath(link);
  const common = { base, locale, nonce: nonceOf(req.headers["content-security-policy"] as string | undefined), css: customerStylesheet() };
  let answer: Awaited<ReturnType<SlipPageLoader>>;
  try {
    answer = await slipPageLoader()({ link, headers });
  } catch (error) {
    // Only before start-up registered the door (lib/slips/page-bridge.ts): nothing read, nothing to log but this.
    const reference = `rq_${randomBytes(8).toString("hex")}`;
    console.error(`[slip page] failed, reference ${reference}:`, error);
    answer = { ok: false, requestId: reference };
  }
  res.setHeader("X-Request-Id", answer.requestId);
  if (!answer.ok) {
    res.statusCode = 500;
    return { props: { ...common, failure: answer.requestId } };
  }
  // Props travel as JSON: no undefined in them.
  const opened = JSON.parse(JSON.stringify(answer.data)) as SlipPageProps["opened"];
  const sent = sentOutcome(query.sent);
  return { props: { ...common, page: { opened, sent }, script: offersForm(opened, sent) } };
};

/** The merchant's colour for the page's stylesheet, when it has one (components/ui/public-shell.tsx). */
const slipBrandStyle = (props: Props) => ("page" in props && props.page.opened.ok ? brandStyle(props.page.opened.request?.brand) : "");

export default function SlipUpload(props: Props) {
  const { nonce, css, locale, base } = props;
  return (
    <>
      <Head>
        <title>{locale === "th" ? "อัปโหลดสลิป · PayDesk" : "Slip upload · PayDesk"}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <style nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: css + slipBrandStyle(props) }} />
      </Head>
      {"failure" in props ? (
        <CheckoutFailure locale={locale} reference={props.failure} path={base} />
      ) : (
        <SlipPage locale={locale} base={base} {...props.page} />
      )}
      {"script" in props && props.script && <script defer src="/checkout-assets/slip.js" nonce={nonce ?? undefined} />}
    </>
  );
}
