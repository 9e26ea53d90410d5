import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { defineRoute } from "@/lib/auth/route";
import { getDb } from "@/lib/db";
import { csvStream } from "@/lib/requests/csv";
import { STATEMENT_CSV_COLUMNS, statementLines } from "@/lib/wallet/statement-csv";
import { movementsOf, parseDay, statementOf, type MovementRow } from "@/lib/wallet/statement-view";
import { statementExportMessages } from "./messages";

/**
 * GET /api/exports/statement?merchant=<id>&day=YYYY-MM-DD: the merchant-day's statement as CSV
 * (lib/wallet/statement-csv.ts), its movements streamed page by page.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "statement.read",
  merchantParam: "merchant",
  audit: "statement.export",
  words: (locale) => statementExportMessages(locale),
  run: async ({ request, session, locale, ip, merchant }) => {
    const t = statementExportMessages(locale);
    const day = parseDay(request.nextUrl.searchParams.get("day"));
    if (!merchant) return NextResponse.json({ error: t.noMerchant, fields: ["merchant"] }, { status: 400 });
    if (!day) return NextResponse.json({ error: t.badDay, fields: ["day"] }, { status: 400 });
    const db = await getDb();
    await recordAudit(db, {
      actorId: session.userId,
      action: "statement.export",
      outcome: "ok",
      merchantId: merchant.id,
      ip,
      data: { day },
    });
    const statement = await statementOf(db, merchant.id, day);
    async function* pages(): AsyncIterable<MovementRow[]> {
      let after: { at: Date; id: string } | undefined;
      for (;;) {
        const page = await movementsOf(db, merchant!.id, day!, { limit: 1_000, after });
        if (page.length > 0) yield page;
        if (page.length < 1_000) return;
        const tail = page[page.length - 1]!;
        after = { at: tail.at, id: tail.id };
      }
    }
    return new Response(csvStream(STATEMENT_CSV_COLUMNS, statementLines(statement, pages())), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="paydesk-statement-${merchant.id}-${day}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
