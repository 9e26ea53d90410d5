import { NextResponse } from "next/server";
import { AUDIT_CSV_COLUMNS } from "@/lib/audit/csv";
import { iterateAudit, parseAuditFilters } from "@/lib/audit/queries";
import { recordAudit } from "@/lib/auth/audit";
import { defineRoute } from "@/lib/auth/route";
import { getDb } from "@/lib/db";
import { csvStream } from "@/lib/requests/csv";
import { auditExportMessages } from "./messages";

/**
 * GET /api/exports/audit?<the audit page's filters>: every matching entry as CSV, streamed in keyset
 * batches (lib/audit/queries.ts iterateAudit). The same filters and the same scope as the page: a
 * person limited to some merchants exports those merchants' entries and their own, nothing else.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "audit.read",
  audit: "audit.export",
  words: (locale) => auditExportMessages(locale),
  run: async ({ request, session, locale, ip }) => {
    const { filters, ignored } = parseAuditFilters(Object.fromEntries(request.nextUrl.searchParams));
    if (ignored.length > 0)
      return NextResponse.json({ error: auditExportMessages(locale).invalid(ignored.join(", ")), fields: ignored }, { status: 400 });
    const viewer = { userId: session.userId, merchantIds: session.merchantIds };
    const db = await getDb();
    await recordAudit(db, {
      actorId: session.userId,
      action: "audit.export",
      outcome: "ok",
      merchantId: filters.merchant ?? null,
      ip,
      data: { query: request.nextUrl.search },
    });
    const stamp = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
    return new Response(csvStream(AUDIT_CSV_COLUMNS, iterateAudit(db, viewer, filters, { batchSize: 1_000 })), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="paydesk-audit-${stamp}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
