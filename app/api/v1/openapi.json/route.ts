import { definePublicRoute } from "@/lib/http/public-route";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/merchant-api/openapi";

export const dynamic = "force-dynamic";

/** The merchant API's OpenAPI 3.1 document, generated from the schemas the routes validate with; open to anyone, like any API's reference. */
export const GET = definePublicRoute({
  run: async () => Response.json(openApiDocument(env().PUBLIC_BASE_URL), { headers: { "cache-control": "public, max-age=300" } }),
});
