import { getDb } from "@/lib/db";
import { afterAnswer } from "@/lib/http/after-answer";
import { log } from "@/lib/ops/log";
import { ensureSlipQr } from "@/lib/slips/decide";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { paymentApi } from "@/lib/provider";
import { busyAnswer, tokenProblem } from "@/lib/slips/answers";
import { MAX_UPLOAD_BYTES } from "@/lib/slips/image";
import { findSlipRequest, isWellFormed, spendSlipBudget, verifySlipToken } from "@/lib/slips/link";
import { readSlipForm, uploadSlip } from "@/lib/slips/upload";
import { definePublicRoute } from "@/lib/http/public-route";
import { slipFailureFor } from "@/components/slip/failure";
import { slipPagePath } from "@/lib/http/public-paths";
import type { SlipLink } from "@/lib/slips/link";
import { slipLinkOf, type SlipSegments } from "../params";

/**
 * POST …/upload (multipart: image, first4, last4, note, duplicatesSeen) — the customer's slip,
 * checked here and forwarded to the provider (lib/slips/upload.ts). Answers `{ok: true}` or
 * `{problem}` with a status the page's script turns into words (409: the request is paid or over);
 * the page's form posted without script (a browser navigating) is sent back to the page, 303, with
 * the same outcome named in `?sent=`. Nothing of the body is read until the link, the budgets and
 * the token have passed, and then no more than the cap.
 */
export const dynamic = "force-dynamic";

/** The form around the image: field names, boundaries, a note. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
const tooLarge = () => Response.json({ problem: "too_large" }, { status: 413 });

export const POST = definePublicRoute<SlipSegments>({
  run: async ({ request, params, ip }) => {
    const link = await slipLinkOf(params);
    const answer = await upload(request, link, ip);
    return postedByPage(request) ? await backToPage(slipPagePath(link), answer) : answer;
  },
});

/** A form a browser posted as a navigation (the page without script), not the script's own request. */
const postedByPage = (request: Request) =>
  request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");

/** The page again, saying what became of the slip (components/slip/failure.ts names the outcomes). */
async function backToPage(page: string, answer: Response): Promise<Response> {
  const body = (await answer.json().catch(() => ({}))) as { problem?: string; mayHaveArrived?: boolean };
  const sent = answer.status === 200 ? "done" : slipFailureFor(answer.status, body).message;
  return new Response(null, { status: 303, headers: { Location: `${page}?sent=${sent}`, "Cache-Control": "no-store" } });
}

async function upload(request: Request, link: SlipLink, ip: string | null): Promise<Response> {
  if (!isWellFormed(link)) return Response.json({ problem: "link_invalid" }, { status: 410 });
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) return tooLarge();
  const db = await getDb();
  const budget = await spendSlipBudget(db, "upload", link, ip);
  if (!budget.ok)
    return Response.json(
      { problem: "rate_limited" },
      { status: 429, headers: { "Retry-After": String(Math.ceil(budget.retryAfterMs / 1000)) } },
    );
  const api = await paymentApi();
  const token = await verifySlipToken(db, api, link);
  if (!token.ok) return tokenProblem(token);
  // A form left open while the request was paid or ended: the provider would still take the slip,
  // so PayDesk says why it does not (the page no longer offers the form) and forwards nothing.
  const ended = (await findSlipRequest(db, link))?.view.ended;
  if (ended) return Response.json({ problem: ended === "paid" ? "already_paid" : "request_ended" }, { status: 409 });
  const body = await readCappedBody(request, MAX_BODY_BYTES);
  if (!body.ok) return tooLarge();
  const form = await readSlipForm(body.bytes, request.headers.get("content-type"));
  if (!form) return Response.json({ problem: "no_image" }, { status: 400 });
  const outcome = await uploadSlip(db, api, link, form);
  if (outcome.ok) {
    // What the slip's QR says is read once the customer has their answer, so staff find it read
    // and the customer never waits for it (lib/slips/decide.ts; staff's first look reads it otherwise).
    const slipId = outcome.slipId;
    if (slipId)
      await afterAnswer(() =>
        ensureSlipQr(db, slipId).catch((error: unknown) =>
          log("slips").warn("could not read the slip QR", { slipId, error: String(error) }),
        ),
      );
    return Response.json({ ok: true });
  }
  if (outcome.status === 503) return busyAnswer(outcome.retryAfterMs);
  const { status, ok: _failed, ...answer } = outcome;
  return Response.json(answer, { status });
}
