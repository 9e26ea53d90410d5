import { getDb } from "@/lib/db";
import { definePublicRoute } from "@/lib/http/public-route";
import { NOTIFICATION_CHOICES_PATH } from "@/lib/notify/messages";
import { turnOffByLink, verifyUnsubscribeToken } from "@/lib/notify/unsubscribe";
import { authSecret } from "@/lib/secrets";

/**
 * The one-click "stop these e-mails" of every staff e-mail (its List-Unsubscribe header, RFC 8058).
 * POST with `List-Unsubscribe=One-Click`, as a mail client sends it: turns off the kinds the link
 * names for the person it was sent to, without signing in (the signed link says who and what,
 * lib/notify/unsubscribe-signing.ts), and audits it as their choice. GET changes nothing (mail
 * scanners open links): it sends the person to their e-mail choices, behind sign-in.
 */
export const dynamic = "force-dynamic";

const text = (status: number, body: string) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const GET = definePublicRoute({
  run: async ({ request }) => Response.redirect(new URL(NOTIFICATION_CHOICES_PATH, request.url), 303),
});

export const POST = definePublicRoute({
  run: async ({ request, ip }) => {
    const form = await request.formData().catch(() => null);
    if (form?.get("List-Unsubscribe") !== "One-Click")
      return text(400, "Send the form field List-Unsubscribe=One-Click (RFC 8058), as a mail client does. Nothing was changed.");
    const token = new URL(request.url).searchParams.get("t") ?? "";
    const read = verifyUnsubscribeToken(token, { secret: authSecret() });
    if (!read.ok)
      return text(
        400,
        read.reason === "expired"
          ? "This link has expired. Nothing was changed: choose your e-mails in PayDesk under E-mail."
          : "This link is not one PayDesk made. Nothing was changed: choose your e-mails in PayDesk under E-mail.",
      );
    if (!(await turnOffByLink(await getDb(), read.staffId, read.kinds, ip)))
      return text(404, "This link's person is no longer in PayDesk. Nothing was changed.");
    return text(200, "Done: PayDesk will not send you these e-mails any more. Turn them back on in PayDesk under E-mail.");
  },
});
