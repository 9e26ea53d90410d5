import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";

/**
 * next-auth's own endpoints (session, csrf, a form posted straight to callback/credentials).
 * Its redirects come back absolute on "localhost" even when the browser used 127.0.0.1 or a real
 * name (docs/stack-notes.md §6.4); a same-site Location is made relative so the browser keeps its host
 * and cookie.
 */
type Handler = (request: NextRequest) => Promise<Response>;

function keepHost(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    const location = response.headers.get("location");
    if (!location) return response;
    const target = new URL(location, request.url);
    if (target.host !== new URL(request.url).host) return response;
    const relative = new Response(response.body, response);
    relative.headers.set("location", `${target.pathname}${target.search}${target.hash}`);
    return relative;
  };
}

export const GET = keepHost(handlers.GET);
export const POST = keepHost(handlers.POST);
