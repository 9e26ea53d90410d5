import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { defineRoute } from "@/lib/auth/route";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { getDb } from "@/lib/db";
import { csvStream, REQUEST_CSV_COLUMNS } from "@/lib/requests/csv";
import { parseListFilters } from "@/lib/requests/list-filters";
import { iterateRequests } from "@/lib/requests/queries";
import { exportMessages, filterNames } from "./messages";

/**
 * GET /api/exports/requests?<the list's filters>: every matching row as CSV, streamed in keyset
 * batches (lib/requests/queries.ts iterateRequests), so memory stays flat however many rows match.
 * The same filters and the same scope as the list: another merchant's rows cannot be exported.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "request.read",
  merchantParam: "merchant",
  audit: "requests.export",
  words: (locale) => exportMessages(locale),
  run: async ({ request, session, locale, ip }) => {
    const { filters, errors } = parseListFilters(request.nextUrl.searchParams);
    const invalid = Object.keys(errors);
    if (invalid.length > 0)
      return NextResponse.json({ error: exportMessages(locale).invalid(filterNames(invalid, locale)), fields: errors }, { status: 400 });
    const merchant = filters.merchant ?? (await selectedMerchant(session)).scope;
    // A link to a later page exports from there on; "export what you see" starts at the newest.
    const resolved = { ...filters, merchant, cursor: null };

    const db = await getDb();
    await recordAudit(db, {
      actorId: session.userId,
      action: "requests.export",
      outcome: "ok",
      merchantId: merchant === "all" ? null : merchant,
      ip,
      data: { query: request.nextUrl.search },
    });
    const stamp = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
    return new Response(csvStream(REQUEST_CSV_COLUMNS, iterateRequests(db, session, resolved, { batchSize: 1_000 })), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="paydesk-${filters.tab}-${stamp}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
