import "server-only";
import type { Db } from "../db/client";
import { authenticateWebhook, ingestBody, MAX_WEBHOOK_BYTES, type Authenticated, type Holder, type IngestAnswer } from "./ingest";
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
  /** Runs each database statement of the intake in its turn (./intake.ts), holding `bytes` of body meanwhile; at once when absent. */
  gate?: <T>(task: () => Promise<T>, bytes?: number) => Promise<T>;
}

const inTurn = <T>(options: ReceiveOptions, task: () => Promise<T>, bytes = 0): Promise<T> =>
  options.gate ? options.gate(task, bytes) : task();

export async function receiveWebhook(db: Db, request: Request, options: ReceiveOptions): Promise<IngestAnswer> {
  const authenticated = await checkWebhookSecret(db, request, request.headers.get(options.secretHeader), options);
  return authenticated.ok ? receiveAuthenticated(db, request, authenticated.holders, options) : authenticated.answer;
}

/** The secret header's value checked, before anything of the body is read; a refusal is logged and the body let go. */
export async function checkWebhookSecret(db: Db, request: Request, secret: string | null, options: ReceiveOptions): Promise<Authenticated> {
  const authenticated = await inTurn(options, () => authenticateWebhook(db, secret));
  return authenticated.ok ? authenticated : { ok: false, answer: await refuse(db, request, authenticated.answer, options) };
}

/** The body of a webhook whose secret `holders` hold: read up to the cap, then stored. */
export async function receiveAuthenticated(db: Db, request: Request, holders: Holder[], options: ReceiveOptions): Promise<IngestAnswer> {
  const read = await readCappedBody(request, MAX_WEBHOOK_BYTES);
  if (!read.ok) {
    await request.body?.cancel().catch(() => undefined);
    return {
      status: 413,
      body: { status: "error", message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes.` },
      deliveryId: null,
      prepared: null,
    };
  }
  const body = new TextDecoder().decode(read.bytes);
  // The body is read before the turn is taken: a slow sender holds no intake connection.
  const answer = await inTurn(options, () => ingestBody(db, holders, body), read.bytes.byteLength);
  return answer.refused ? refuse(db, request, answer, options) : answer;
}

async function refuse(db: Db, request: Request, answer: IngestAnswer, options: ReceiveOptions): Promise<IngestAnswer> {
  // Whatever is left of the body is not wanted; ending it frees the connection's buffers.
  await request.body?.cancel().catch(() => undefined);
  const problem = answer.refused;
  if (problem) await inTurn(options, () => recordRefusal(db, { ip: options.ip, header: options.secretHeader, problem }));
  return answer;
}
