import "server-only";
import { env } from "../env";
import { answerStamped, markDoor, newRequestId, pathnameOf, withHeader, type RouteSegment } from "./door";
import { clientIpFrom } from "./request-ip";
import { permissionsPolicy, strictTransportSecurity } from "./security-headers";

/**
 * The doors for route handlers nobody signs in to (lib/http/public-paths.ts): the customer's
 * pages, the health check, and the provider's webhooks, beside the staff door (lib/auth/route.ts).
 * They add what every route owes its caller whoever they are: an X-Request-Id on every answer, the
 * client's address read one way (lib/http/request-ip.ts), and a failure answered 500 with the
 * request id as the reference, never its text. lib/auth/routes-registry.db.test.ts fails on a
 * route.ts that is built by none of them.
 *
 * The webhook door checks the secret header before anything of the body is read: a sender
 * without it costs one lookup and never reaches `run`. The proxy does not run in front of it
 * (proxy.ts `config.matcher`): a provider's server has no session, runs no script and needs no
 * nonce, and at a provider's burst the proxy's pass was a sixth of each webhook's CPU
 * (bench/webhook-ingest). So the door sets the two headers the proxy gives every answer itself,
 * and `Cache-Control: no-store, no-transform`: an answer is read once, by a machine, and is a few
 * dozen bytes, which `next start`'s gzip made cost more CPU than the rest of the answer.
 */
type Params = Record<string, string | string[]>;

export interface PublicRouteContext<P extends Params> {
  request: Request;
  params: Promise<P>;
  ip: string | null;
  requestId: string;
}

export type PublicRouteHandler<P extends Params> = (request: Request, segment?: RouteSegment<P>) => Promise<Response>;

const failed = (requestId: string) => () =>
  Response.json(
    { error: `Something went wrong on our side. Reference ${requestId}.`, reference: requestId },
    { status: 500, headers: { "Cache-Control": "no-store" } },
  );

function door<P extends Params>(
  kind: "public" | "webhook",
  run: (context: PublicRouteContext<P>) => Promise<Response>,
  finish: (answer: Response, pathname: string) => Response = (answer) => answer,
): PublicRouteHandler<P> {
  const handler: PublicRouteHandler<P> = async (request, segment) => {
    const requestId = newRequestId();
    const context = { request, params: segment?.params ?? Promise.resolve({} as P), ip: clientIpFrom(request.headers), requestId };
    const pathname = pathnameOf(request);
    return finish(await answerStamped(requestId, pathname, () => run(context), failed(requestId)), pathname);
  };
  return markDoor(handler, kind);
}

/** Every webhook answer, a refusal or a failure too: what the proxy would have set, never cached, never compressed. */
function webhookAnswer(answer: Response, pathname: string): Response {
  let finished = withHeader(answer, "Cache-Control", "no-store, no-transform");
  finished = withHeader(finished, "Permissions-Policy", permissionsPolicy(pathname));
  const hsts = strictTransportSecurity(env().PUBLIC_BASE_URL);
  return hsts ? withHeader(finished, "Strict-Transport-Security", hsts) : finished;
}

export function definePublicRoute<P extends Params = Record<string, string>>(options: {
  run(context: PublicRouteContext<P>): Promise<Response>;
}): PublicRouteHandler<P> {
  return door("public", (context) => options.run(context));
}

/** A secret checked: what `authenticate` found for it (e.g. who holds it), handed on to `run`. */
export type Authentication<A> = { ok: true; holder: A } | { ok: false; response: Response };

export interface WebhookRouteOptions<A> {
  /** The header that carries the secret; read per request, so configuration is read at run time. */
  secretHeader(): string;
  /** Checks the secret (null when the header is absent); a refusal is answered as it is, before the body is read. */
  authenticate(secret: string | null, context: PublicRouteContext<Params> & { secretHeader: string }): Promise<Authentication<A>>;
  run(context: PublicRouteContext<Params> & { secretHeader: string; holder: A }): Promise<Response>;
}

export function defineWebhookRoute<A>(options: WebhookRouteOptions<A>): PublicRouteHandler<Params> {
  return door(
    "webhook",
    async (context) => {
      const secretHeader = options.secretHeader();
      const checked = await options.authenticate(context.request.headers.get(secretHeader), { ...context, secretHeader });
      if (!checked.ok) return checked.response;
      return options.run({ ...context, secretHeader, holder: checked.holder });
    },
    webhookAnswer,
  );
}
