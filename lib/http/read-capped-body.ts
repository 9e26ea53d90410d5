/**
 * A request body read up to a byte cap and no further: a declared Content-Length over the cap is
 * refused before a byte is read, and a chunked (or lying) body is cut off as soon as it passes the
 * cap, so an anonymous sender cannot make the server hold more than `maxBytes` of it.
 */
export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; problem: "too_large" };

export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, problem: "too_large" };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, problem: "too_large" };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}
