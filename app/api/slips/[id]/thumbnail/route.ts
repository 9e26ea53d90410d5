import { slipFileRoute } from "@/lib/slips/file-route";

/** GET /api/slips/<id>/thumbnail — for signed-in staff only (lib/slips/file-route.ts). */
export const dynamic = "force-dynamic";

export const GET = slipFileRoute("thumbnail");
