import type { TokenCheck } from "./link";

/**
 * The slip routes' answers when the link's token was not confirmed: the page turns `problem` into
 * words (components/slip/slip-form.tsx).
 */
export function busyAnswer(retryAfterMs: number): Response {
  return Response.json(
    { problem: "busy" },
    { status: 503, headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } },
  );
}

export function tokenProblem(token: Exclude<TokenCheck, { ok: true }>): Response {
  if (token.reason === "busy") return busyAnswer(token.retryAfterMs);
  if (token.reason === "invalid") return Response.json({ problem: "link_invalid" }, { status: 410 });
  return Response.json({ problem: "provider_failed" }, { status: 502 });
}
