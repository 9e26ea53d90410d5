import "server-only";
import type { Db } from "../db/client";
import { authenticateWebhook, ingestBody, MAX_WEBHOOK_BYTES, type IngestAnswer } from "./ingest";
import { recordRefusal } from "./refusals";

/**
 * A webhook as it arrives over HTTP. Anyone can send one, so nothing of the body is read before
 * the secret header is checked, and then no more than MAX_WEBHOOK_BYTES of it — whatever its
 * Content-Length says, or without one (chunked): a sender without the secret costs one lookup,
 * and one with it cannot make PayDesk hold more than that in memory.
 */
export interface ReceiveOptions {
  /** The header that carries the merchant's secret (WEBHOOK_SECRET_HEADER). */
  secretHeader: string;
  /** The sender's address, for the refusal log. */
  ip: string | null;
}

export async function receiveWebhook(db: Db, request: Request, options: ReceiveOptions): Promise<IngestAnswer> {
  const authenticated = await authenticateWebhook(db, request.headers.get(options.secretHeader));
  if (!authenticated.ok) return refuse(db, request, authenticated.answer, options);
  const tooLarge: IngestAnswer = { status: 413, body: { status: "error", message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes.` }, deliveryId: null, prepared: null };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_WEBHOOK_BYTES) {
    await request.body?.cancel();
    return tooLarge;
  }
  const body = await readCapped(request.body, MAX_WEBHOOK_BYTES);
  if (body === null) return tooLarge;
  const answer = await ingestBody(db, authenticated.holders, body);
  return answer.refused ? refuse(db, request, answer, options) : answer;
}

async function refuse(db: Db, request: Request, answer: IngestAnswer, options: ReceiveOptions): Promise<IngestAnswer> {
  // Whatever is left of the body is not wanted; ending it frees the connection's buffers.
  await request.body?.cancel().catch(() => undefined);
  if (answer.refused) await recordRefusal(db, { ip: options.ip, header: options.secretHeader, problem: answer.refused });
  return answer;
}

/** The body as UTF-8 text, or null once it passes `maxBytes` (reading stops there). */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
