import "server-only";
import type { Db } from "../db/client";
import { authenticateWebhook, ingestBody, MAX_WEBHOOK_BYTES, type IngestAnswer } from "./ingest";
import { recordRefusal } from "./refusals";
import { readCappedBody } from "../http/read-capped-body";

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
  const read = await readCappedBody(request, MAX_WEBHOOK_BYTES);
  if (!read.ok) {
    await request.body?.cancel().catch(() => undefined);
    return { status: 413, body: { status: "error", message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes.` }, deliveryId: null, prepared: null };
  }
  const body = new TextDecoder().decode(read.bytes);
  const answer = await ingestBody(db, authenticated.holders, body);
  return answer.refused ? refuse(db, request, answer, options) : answer;
}

async function refuse(db: Db, request: Request, answer: IngestAnswer, options: ReceiveOptions): Promise<IngestAnswer> {
  // Whatever is left of the body is not wanted; ending it frees the connection's buffers.
  await request.body?.cancel().catch(() => undefined);
  if (answer.refused) await recordRefusal(db, { ip: options.ip, header: options.secretHeader, problem: answer.refused });
  return answer;
}
