"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { ActionError, defineAction } from "@/lib/auth/action";
import { recordAudit } from "@/lib/auth/audit";
import { log } from "@/lib/ops/log";
import { cancelBatch, confirmBatch, recordBatch } from "@/lib/bulk/batches";
import { readBulkFile } from "@/lib/bulk/csv";
import { bulkMessages, fileProblemText } from "@/lib/bulk/messages";
import { getLocale } from "@/lib/i18n/server";
import { rulesOf } from "@/lib/requests/form-context";

/**
 * Bulk Pay-Outs (lib/bulk): upload a file (checked and kept as a draft, nothing sent), confirm a
 * draft whose every line is fine (the bulk loop then makes the requests), or discard a draft.
 * Confirming sends money: it asks a person with a second factor for a fresh check first.
 */

const uploadSchema = z.object({
  merchantId: z.string({ error: "merchantMissing" }).min(1, "merchantMissing"),
  file: z.instanceof(File, { error: "fileMissing" }),
});

export const uploadBulkAction = defineAction({
  permission: "payout.create",
  schema: uploadSchema,
  merchantScoped: true,
  // Audited here, not by the door: the answer is a redirect, and the door's entry could not name the file.
  audit: false,
  run: async ({ input, merchant, session, db, ip }): Promise<{ batchId: string }> => {
    const t = bulkMessages(await getLocale(session));
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const parsed = await readBulkFile(bytes);
    if (!parsed.ok) {
      const message = fileProblemText(await getLocale(session), parsed.problem);
      throw new ActionError(message, { file: [message] });
    }
    if (parsed.lines.length === 0) throw new ActionError(t.fileEmpty, { file: [t.fileEmpty] });
    const batchId = await recordBatch(db, {
      merchantRowId: merchant.id,
      createdBy: session.userId,
      fileName: input.file.name || "upload.csv",
      bytes,
      encoding: parsed.encoding,
      lines: parsed.lines,
      payoutCeilingSatang: rulesOf(merchant).payoutCeilingSatang,
    });
    await recordAudit(db, {
      actorId: session.userId,
      action: "payout.bulk-upload",
      outcome: "ok",
      merchantId: merchant.id,
      target: batchId,
      ip,
      data: { lines: parsed.lines.length, valid: parsed.validCount },
    }).catch((error: unknown) =>
      log("action").error("the audit row could not be written", { audit: "payout.bulk-upload", batchId, error }),
    );
    redirect(`/payouts/bulk/${batchId}`);
  },
});

const batchSchema = z.object({ merchantId: z.string().min(1), batchId: z.string().min(1) });

/**
 * The acknowledgement of lines that pay someone the same amount again (lib/bulk/duplicates.ts): the
 * page sends the count and the total it showed with the ticked box; confirmBatch accepts it only
 * when they are still exactly what is flagged.
 */
const confirmSchema = batchSchema.extend({
  acknowledged: z.literal("yes").optional(),
  ackCount: z.coerce.number().int().min(0).optional(),
  ackTotalSatang: z.coerce.number().int().min(0).optional(),
});

export const confirmBulkAction = defineAction({
  permission: "payout.create",
  schema: confirmSchema,
  merchantScoped: true,
  stepUp: true,
  audit: "payout.bulk-confirm",
  target: (input) => input.batchId,
  run: async ({ input, session, db, ip }): Promise<{ status: "confirmed" | "already" }> => {
    const t = bulkMessages(await getLocale(session));
    const ack =
      input.acknowledged === "yes" && input.ackCount !== undefined && input.ackTotalSatang !== undefined
        ? { count: input.ackCount, totalSatang: input.ackTotalSatang }
        : null;
    const outcome = await confirmBatch(db, session, input.batchId, session.userId, { ack });
    if (outcome === "not_found") throw new ActionError(t.notFound, {}, "not_found");
    if (outcome === "canceled") throw new ActionError(t.canceled);
    if (outcome === "has_problems") throw new ActionError(t.hasProblems);
    if (outcome === "needs_acknowledgement") throw new ActionError(t.duplicatesNotAcknowledged);
    if (outcome === "confirmed" && ack && ack.count > 0) {
      // Who accepted paying these recipients again, and for how many lines and how much.
      await recordAudit(db, {
        actorId: session.userId,
        action: "payout.bulk-duplicates-acknowledged",
        outcome: "ok",
        merchantId: input.merchantId,
        target: input.batchId,
        ip,
        data: { count: ack.count, totalSatang: ack.totalSatang },
      }).catch((error: unknown) =>
        log("action").error("the audit row could not be written", { audit: "payout.bulk-duplicates-acknowledged", error }),
      );
    }
    return { status: outcome };
  },
});

export const cancelBulkAction = defineAction({
  permission: "payout.create",
  schema: batchSchema,
  merchantScoped: true,
  audit: "payout.bulk-cancel",
  target: (input) => input.batchId,
  run: async ({ input, session, db }): Promise<{ canceled: boolean }> => {
    const t = bulkMessages(await getLocale(session));
    if (!(await cancelBatch(db, session, input.batchId))) throw new ActionError(t.cannotCancel);
    return { canceled: true };
  },
});
