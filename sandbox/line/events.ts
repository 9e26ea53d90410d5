/**
 * The stand-in's webhook events, sent as LINE sends them (docs/line-facts.md): one POST of
 * `{ destination, events: [event] }` to the channel's webhook URL, signed in `x-line-signature`
 * (base64 HMAC-SHA256 of the raw body with the channel secret), given 2 s to answer. Each is
 * recorded with the answer; a redelivery is the same event, `deliveryContext.isRedelivery` true.
 */
import { createHmac } from "node:crypto";
import { ulid, type LineState, type SentEvent } from "./state";

/** LINE counts an answer after 2 s as a timeout (docs/line-facts.md). */
const ANSWER_WITHIN_MS = 2_000;

export function signature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

export type EventSource = { type: "user"; userId: string } | { type: "group"; groupId: string; userId?: string };

/** A new event of `type` from `source`, with LINE's common fields. */
export function newEvent(type: string, source: EventSource, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type,
    mode: "active",
    timestamp: Date.now(),
    source,
    webhookEventId: ulid(),
    deliveryContext: { isRedelivery: false },
    ...fields,
  };
}

async function post(state: LineState, event: Record<string, unknown>, redelivery: boolean): Promise<SentEvent> {
  const body = JSON.stringify({ destination: state.channel.botUserId, events: [event] });
  const sent: SentEvent = {
    webhookEventId: String(event.webhookEventId),
    body,
    redelivery,
    at: new Date().toISOString(),
    answer: "no webhook URL",
  };
  state.events.push(sent);
  const url = state.channel.webhookUrl;
  if (!url) return sent;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "x-line-signature": signature(state.channel.secret, body),
        "user-agent": "LineBotWebhook/2.0",
      },
      body,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    sent.answer = response.status;
  } catch (error) {
    sent.answer = (error as { name?: string }).name === "TimeoutError" ? "timeout" : "network";
  }
  return sent;
}

/** Sends `event` to the webhook; resolves with what was recorded (the webhook's answer). */
export function sendEvent(state: LineState, event: Record<string, unknown>): Promise<SentEvent> {
  return post(state, event, false);
}

/** Sends an event already sent again, marked as a redelivery; null when there was no such event. */
export async function redeliver(state: LineState, webhookEventId: string): Promise<SentEvent | null> {
  const first = state.events.find((each) => each.webhookEventId === webhookEventId && !each.redelivery);
  if (!first) return null;
  const event = (JSON.parse(first.body) as { events: Record<string, unknown>[] }).events[0]!;
  return post(state, { ...event, deliveryContext: { isRedelivery: true } }, true);
}
