import "server-only";
import { NextResponse } from "next/server";
import { defineRoute } from "../auth/route";
import { getDb } from "../db";
import { defineMessages } from "../i18n";
import { getSlipFileInScope, type SlipFileKind } from "./queries";

/**
 * GET /api/slips/<id>/image and …/thumbnail: a slip's picture for signed-in staff, through the
 * staff route door (session, permission) and the merchant scope in the query. A slip of a merchant
 * outside the person's scope answers 404 like an unknown id, never 403, which would say it exists.
 * The bytes are PayDesk's own re-encoding (lib/slips/reencode.ts), sent with their stored type,
 * never sniffed, never cached by a browser or a proxy (a slip shows a customer's bank details).
 */
const slipFileMessages = defineMessages({
  en: {
    signedOut: "Sign in to PayDesk to see slips.",
    denied: "You do not have permission to see payment requests or their slips. Ask an admin if you need it.",
    notFound: "There is no such slip, or it belongs to a merchant you cannot see.",
  },
  th: {
    signedOut: "เข้าสู่ระบบ PayDesk เพื่อดูสลิป",
    denied: "คุณไม่มีสิทธิ์ดูคำขอชำระเงินหรือสลิปของคำขอ ติดต่อผู้ดูแลหากต้องการสิทธิ์นี้",
    notFound: "ไม่พบสลิปนี้ หรือสลิปเป็นของร้านค้าที่คุณไม่มีสิทธิ์ดู",
  },
});

export function slipFileRoute(kind: SlipFileKind) {
  return defineRoute<{ id: string }>({
    permission: "request.read",
    words: slipFileMessages,
    run: async ({ params, session, locale }) => {
      const { id } = await params;
      const file = await getSlipFileInScope(await getDb(), session, id, kind);
      if (!file)
        return NextResponse.json({ error: slipFileMessages(locale).notFound }, { status: 404, headers: { "Cache-Control": "no-store" } });
      return new Response(file.bytes as BodyInit, {
        headers: {
          "Content-Type": file.contentType,
          "Content-Length": String(file.bytes.length),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          "Content-Disposition": "inline",
        },
      });
    },
  });
}
