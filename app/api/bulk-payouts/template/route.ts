import { defineRoute } from "@/lib/auth/route";
import { TEMPLATE_CSV } from "@/lib/bulk/csv";

/**
 * GET /api/bulk-payouts/template — a bulk Pay-Out file to fill in (lib/bulk/csv.ts): the columns
 * and two example lines, one to a bank account and one to a PromptPay id. UTF-8 with a byte-order
 * mark, so Excel opens the Thai in it as Thai.
 */
export const dynamic = "force-dynamic";

export const GET = defineRoute({
  permission: "payout.create",
  run: async () =>
    new Response(`\uFEFF${TEMPLATE_CSV}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="paydesk-bulk-payouts.csv"',
        "Cache-Control": "no-store",
      },
    }),
});
