import { clientIpFrom } from "@/lib/auth/request-ip";
import { getDb } from "@/lib/db";
import { paymentApi } from "@/lib/payment-api";
import { MAX_UPLOAD_BYTES } from "@/lib/slips/image";
import { isWellFormed, spendSlipBudget } from "@/lib/slips/link";
import { readSlipForm, uploadSlip } from "@/lib/slips/upload";
import { slipLinkOf, type SlipParams } from "../params";

/**
 * POST …/upload (multipart: image, first4, last4, note, duplicatesSeen) — the customer's slip,
 * checked here and forwarded to the provider (lib/slips/upload.ts). Answers `{ok: true}` or
 * `{problem}` with a status the page turns into words.
 */
export const dynamic = "force-dynamic";

/** The form around the image: field names, boundaries, a note. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function POST(request: Request, { params }: { params: SlipParams }): Promise<Response> {
  const link = await slipLinkOf(params);
  if (!isWellFormed(link)) return Response.json({ problem: "link_invalid" }, { status: 410 });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) return Response.json({ problem: "too_large" }, { status: 413 });
  const db = await getDb();
  const budget = await spendSlipBudget(db, "upload", link, clientIpFrom(request.headers));
  if (!budget.ok) return Response.json({ problem: "rate_limited" }, { status: 429, headers: { "Retry-After": String(Math.ceil(budget.retryAfterMs / 1000)) } });
  const form = await readSlipForm(request);
  if (!form) return Response.json({ problem: "no_image" }, { status: 400 });
  const outcome = await uploadSlip(db, await paymentApi(), link, form);
  if (outcome.ok) return Response.json({ ok: true });
  const { status, ok: _failed, ...body } = outcome;
  return Response.json(body, { status });
}
