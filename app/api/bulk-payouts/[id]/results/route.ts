import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { defineRoute } from "@/lib/auth/route";
import { getBatch } from "@/lib/bulk/batches";
import { bulkMessages } from "@/lib/bulk/messages";
import { resultsCsv } from "@/lib/bulk/results-csv";
import { getDb } from "@/lib/db";

/**
 * GET /api/bulk-payouts/<id>/results — a bulk Pay-Out file's lines with their outcome, request and
 * state, as CSV (lib/bulk/results-csv.ts). A file of a merchant outside the person's scope is not
 * found, as on its page.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute<{ id: string }>({
  permission: "payout.create",
  audit: "payout.bulk-export",
  run: async ({ params, session, locale, ip }) => {
    const { id } = await params;
    const db = await getDb();
    const found = await getBatch(db, session, id);
    if (!found)
      return NextResponse.json({ error: bulkMessages(locale).notFound }, { status: 404, headers: { "Cache-Control": "no-store" } });
    await recordAudit(db, {
      actorId: session.userId,
      action: "payout.bulk-export",
      outcome: "ok",
      merchantId: found.batch.merchantId,
      target: id,
      ip,
    });
    const name = found.batch.fileName.replace(/\.csv$/i, "").replace(/[^A-Za-z0-9._-]+/g, "-") || "bulk";
    return new Response(resultsCsv(found.lines), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-results.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
