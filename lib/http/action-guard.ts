/**
 * Server-action posts Next would answer with a 500, answered by proxy.ts with a short 4xx instead.
 *
 * Next refuses a cross-site action, an action body over its limit and an encoding it cannot decode
 * by throwing inside its action handler, which answers 500 with a framework error payload: to a
 * monitor that is a server fault, and to a prober an error page. These checks mirror Next's own
 * (same origin rule, same limit, the same decoding it starts with), so anything refused here Next
 * would have refused too, and anything let through reaches Next unchanged.
 *
 * Which posts: any carrying `Next-Action` (a fetch action: Next runs it whatever page it is posted
 * to), and multipart posts to a page (a form action without JavaScript). Route handlers never
 * reach Next's action handler: /api/… and the customer's pages, whose only posts (the slip upload)
 * go to a route handler, are left to their own checks.
 */

/**
 * next.config.mjs's `serverActions.bodySizeLimit` ("2mb", read by Next as 2 MiB): room for a bulk
 * Pay-Out file at its own limit (1 MB, lib/bulk/csv.ts) and the form around it, so a file just
 * over that limit reaches the action, which says so in words. action-guard.test.ts holds the two equal.
 */
export const ACTION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export function isActionPost(request: Request, pathname: string, isCustomerPath: boolean): boolean {
  if (request.method !== "POST" || pathname.startsWith("/api/")) return false;
  if (request.headers.has("next-action")) return true;
  return !isCustomerPath && isMultipart(request);
}

/** A short refusal for an action post Next would fail on, or null to let it through. */
export async function refuseBadActionPost(request: Request): Promise<Response | null> {
  if (!isSameOrigin(request.headers)) return refuse(403, "Cross-site request refused.");
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > ACTION_BODY_LIMIT_BYTES) return tooLarge();
  // Chunked bodies carry no length: read at most one byte past the limit. A copy, so the body
  // itself still reaches Next whole. Refused, both are cancelled: a copy's cancel settles only once
  // the original's has too.
  const body = await readCapped(request.clone(), ACTION_BODY_LIMIT_BYTES);
  if (body === null) {
    await request.body?.cancel();
    return tooLarge();
  }
  return (await isDecodable(request, body)) ? null : refuse(400, "Malformed action request.");
}

/**
 * Next's rule (its action handler): the Origin's host must be the first X-Forwarded-Host, else the
 * Host. No Origin is let through as Next does: browsers send one on every POST, and a hand-made
 * request carries no one else's cookies. An Origin that is not a URL at all is refused.
 */
function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  if (origin === "null" || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * What React's reply decoder needs before it looks at any value: a multipart body that parses, and
 * for a fetch action its root row ("0") as JSON; a fetch action's plain body is that JSON itself.
 */
async function isDecodable(request: Request, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const isFetchAction = request.headers.has("next-action");
  try {
    if (isMultipart(request)) {
      const form = await new Response(body, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
      if (!isFetchAction) return true;
      const root = form.get("0");
      if (typeof root !== "string") return false;
      JSON.parse(root);
      return true;
    }
    JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    return true;
  } catch {
    return false;
  }
}

function isMultipart(request: Request): boolean {
  // Next's own test, case and all (lib/server-action-request-meta in next).
  return request.headers.get("content-type")?.startsWith("multipart/form-data") ?? false;
}

function tooLarge(): Response {
  return refuse(413, `Request body over ${ACTION_BODY_LIMIT_BYTES / 1024 / 1024} MB.`);
}

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
