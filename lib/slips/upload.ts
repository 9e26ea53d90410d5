import "server-only";
import { z } from "zod";
import type { Db } from "../db/client";
import { recordOutboundEvent } from "../outbound-webhooks/outbox";
import type { PaymentApi } from "../provider/client";
import { recordEvent } from "../requests/apply";
import { checkImage, MAX_UPLOAD_BYTES, NOTE_MAX_CHARS, type ImageCheck } from "./image";
import { findSlipRequest, type SlipLink } from "./link";
import { reencodeSlip } from "./reencode";
import { storeSlip } from "./store";
import { takeAnonymousCall } from "../public/anonymous-calls";

/**
 * A customer's slip, from the slip page's form to the provider (`UploadPayInSlipById`, provider-
 * facts §4.6). The provider checks nothing but the token — no format, size or content — so PayDesk
 * does: the image by its bytes, the reference halves, the note's length; then the image is decoded
 * and re-encoded (./reencode.ts), so only a real picture without its metadata is forwarded. When
 * PayDesk made the request, the upload is kept for staff (./store.ts) and put on its timeline.
 */
export type UploadProblem = "no_image" | Exclude<ImageCheck, { ok: true }>["problem"] | "bad_reference" | "note_too_long" | "note_nul";

export type UploadOutcome =
  /** `slipId`: the slip kept for staff, null when the request is not PayDesk's. */
  | { ok: true; slipId: string | null }
  | { ok: false; status: 400 | 413; problem: UploadProblem }
  | { ok: false; status: 503; problem: "busy"; retryAfterMs: number }
  | { ok: false; status: 410; problem: "link_invalid" }
  | { ok: false; status: 502; problem: "provider_failed"; mayHaveArrived: boolean };

const half = z.union([z.literal(""), z.string().regex(/^[A-Z0-9]{4}$/)]);
const fieldsSchema = z.object({
  first4: half,
  last4: half,
  note: z.string().max(NOTE_MAX_CHARS),
  duplicatesSeen: z.coerce.number().int().min(0).max(1_000),
});

export interface SlipForm {
  image: Uint8Array | null;
  first4: string;
  last4: string;
  note: string;
  duplicatesSeen: string;
}

/**
 * Reads the form's fields as sent (nothing trimmed into validity: a bad half is refused, not fixed)
 * from a body already read within its cap.
 */
export async function readSlipForm(body: Uint8Array, contentType: string | null): Promise<SlipForm | null> {
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: contentType ? { "Content-Type": contentType } : {} }).formData();
  } catch {
    return null;
  }
  // The page posted without script sends both of its pickers (camera, gallery): the one holding a file is the slip.
  const image = form.getAll("image").find((value) => value instanceof Blob && value.size > 0) ?? form.get("image");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    image: image instanceof Blob ? new Uint8Array(await image.arrayBuffer()) : null,
    first4: text("first4").toUpperCase(),
    last4: text("last4").toUpperCase(),
    note: text("note").trim(),
    duplicatesSeen: text("duplicatesSeen") || "0",
  };
}

export function validateSlipForm(
  form: SlipForm,
): { ok: true; image: Uint8Array; fields: z.output<typeof fieldsSchema> } | { ok: false; status: 400 | 413; problem: UploadProblem } {
  if (!form.image || form.image.length === 0) return { ok: false, status: 400, problem: "no_image" };
  const image = checkImage(form.image, MAX_UPLOAD_BYTES);
  if (!image.ok) return { ok: false, status: image.problem === "too_large" ? 413 : 400, problem: image.problem };
  // PostgreSQL cannot store a NUL in the timeline's jsonb; the provider would have the slip and PayDesk no record of it.
  if (form.note.includes("\u0000")) return { ok: false, status: 400, problem: "note_nul" };
  const fields = fieldsSchema.safeParse(form);
  if (!fields.success) {
    const path = String(fields.error.issues[0]?.path[0] ?? "");
    return { ok: false, status: 400, problem: path === "note" ? "note_too_long" : "bad_reference" };
  }
  // Both halves or neither: one half alone identifies nothing.
  if ((fields.data.first4 === "") !== (fields.data.last4 === "")) return { ok: false, status: 400, problem: "bad_reference" };
  return { ok: true, image: form.image, fields: fields.data };
}

export async function uploadSlip(db: Db, api: PaymentApi, link: SlipLink, form: SlipForm): Promise<UploadOutcome> {
  const valid = validateSlipForm(form);
  if (!valid.ok) return valid;
  const { first4, last4, note, duplicatesSeen } = valid.fields;
  const image = await reencodeSlip(valid.image);
  if (!image.ok) return { ok: false, status: image.problem === "too_large" ? 413 : 400, problem: image.problem };
  const share = await takeAnonymousCall(db);
  if (!share.ok) return { ok: false, status: 503, problem: "busy", retryAfterMs: share.retryAfterMs };
  const result = await api.slips.uploadPayInSlipById(link.orgId, link.paymentRequestId, link.token, {
    imageBase64: Buffer.from(image.jpeg).toString("base64"),
    first4: first4 || null,
    last4: last4 || null,
    note: note || null,
  });
  if (!result.ok) {
    if (result.kind === "rejected") return { ok: false, status: 410, problem: "link_invalid" };
    // Staff and reconciliation hold the provider's capacity: nothing was sent, the customer tries again.
    if (result.kind === "busy") return { ok: false, status: 503, problem: "busy", retryAfterMs: result.waitMs };
    return { ok: false, status: 502, problem: "provider_failed", mayHaveArrived: "mayExist" in result && result.mayExist };
  }
  // Kept only once the provider has accepted it: a slip refused, or lost on the way, is one the
  // customer is told to send again, so keeping it too would show staff a slip the provider may
  // never have had, beside the one it has. Staff see what the provider holds.
  const ours = await findSlipRequest(db, link);
  if (!ours) return { ok: true, slipId: null };
  return db.transaction(async (tx) => {
    const slipId = await storeSlip(tx as unknown as Db, {
      requestId: ours.id,
      merchantId: ours.merchantId,
      first4: first4 || null,
      last4: last4 || null,
      note: note || null,
      jpeg: image.jpeg,
      thumbnail: image.thumbnail,
    });
    await recordEvent(tx as unknown as Db, ours.id, "slip_uploaded", "customer", {
      slipId,
      ...(first4 ? { reference: `${first4}…${last4}` } : {}),
      ...(note ? { note } : {}),
      ...(duplicatesSeen > 0 ? { detail: `uploaded after a warning: ${duplicatesSeen} slip(s) with the same reference exist` } : {}),
      bytes: image.jpeg.length,
    });
    // The merchant's systems hear of it too, committed with the slip (docs/DESIGN.md §14).
    await recordOutboundEvent(tx as unknown as Db, ours.id, "payin.slip_uploaded");
    return { ok: true as const, slipId };
  });
}
