import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { lineMessages, type LineMessageKind } from "../db/schema";

export interface LineMessageToSend {
  kind: LineMessageKind;
  /** What makes it one message: the same key written twice is one row (a repeated event, a retried transaction). */
  dedupeKey: string;
  toLineId: string;
  staffId?: string | null;
  groupId?: string | null;
  requestId?: string | null;
  merchantId?: string | null;
  messages: unknown[];
}

/**
 * Writes LINE messages to send, in the caller's transaction (the change they tell of), each with
 * the retry key every attempt will carry. Returns how many were new.
 */
export async function enqueueLineMessages(db: Db, messages: LineMessageToSend[]): Promise<number> {
  if (messages.length === 0) return 0;
  const written = await db
    .insert(lineMessages)
    .values(
      messages.map((message) => ({
        kind: message.kind,
        dedupeKey: message.dedupeKey,
        toLineId: message.toLineId,
        staffId: message.staffId ?? null,
        groupId: message.groupId ?? null,
        requestId: message.requestId ?? null,
        merchantId: message.merchantId ?? null,
        messages: message.messages,
        retryKey: randomUUID(),
      })),
    )
    .onConflictDoNothing({ target: lineMessages.dedupeKey })
    .returning({ id: lineMessages.id });
  return written.length;
}
