import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboundDeliveries, outboundEvents, webhookEndpoints } from "../db/schema";
import type { KeyVault } from "../merchants/key-vault";
import { newEventId, TEST_EVENT_TYPE, type OutboundEventType } from "./events";
import { newSigningSecret } from "./signature";

/**
 * The merchant's webhook endpoints (Settings → Webhooks): added, changed, rotated, disabled,
 * deleted. The signing secret is sealed like the provider's keys (bound to the endpoint's id) and
 * leaves the server twice only: when the endpoint is added and when it is rotated, each shown once.
 * A rotated-out secret keeps signing beside the new one for 24 hours, so a receiver switches
 * without losing an event. A deleted endpoint is kept, hidden, for the delivery log.
 */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 3_600_000;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** What the console shows of an endpoint: never a secret, sealed or not. */
export type EndpointSummary = Omit<EndpointRow, "secretEncrypted" | "previousSecretEncrypted">;

const slotOf = (endpointId: string) => ({ merchantId: endpointId, field: "endpointSecret" }) as const;

function summaryOf({ secretEncrypted: _s, previousSecretEncrypted: _p, ...row }: EndpointRow): EndpointSummary {
  return row;
}

export const newEndpointId = () => `we_${randomBytes(10).toString("hex")}`;

export async function createEndpoint(
  db: Db,
  vault: KeyVault,
  input: {
    merchantRowId: string;
    url: string;
    description: string | null;
    eventTypes: readonly OutboundEventType[];
    createdBy: string | null;
  },
): Promise<{ secret: string; endpoint: EndpointSummary }> {
  const id = newEndpointId();
  const secret = newSigningSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      merchantId: input.merchantRowId,
      url: input.url,
      description: input.description,
      eventTypes: [...input.eventTypes],
      secretEncrypted: vault.seal(secret, slotOf(id)),
      createdBy: input.createdBy,
    })
    .returning();
  return { secret, endpoint: summaryOf(row!) };
}

/** The merchant's endpoints, newest first, deleted ones left out. */
export async function listEndpoints(db: Db, merchantRowId: string): Promise<EndpointSummary[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, merchantRowId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(summaryOf);
}

/** One endpoint of this merchant, or undefined (another merchant's, deleted, or made up). */
export async function getEndpoint(db: Db, merchantRowId: string, endpointId: string): Promise<EndpointSummary | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantRowId), isNull(webhookEndpoints.deletedAt)))
    .limit(1);
  return row && summaryOf(row);
}

const mine = (merchantRowId: string, endpointId: string) =>
  and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantRowId), isNull(webhookEndpoints.deletedAt));

/**
 * Changes the URL, description, events and whether it is enabled. Enabling it again forgets its
 * failures (and why it was disabled), and its deliveries that waited meanwhile go out.
 */
export async function updateEndpoint(
  db: Db,
  input: {
    merchantRowId: string;
    endpointId: string;
    url: string;
    description: string | null;
    eventTypes: readonly OutboundEventType[];
    enabled: boolean;
  },
): Promise<EndpointSummary | undefined> {
  const now = new Date();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: [...input.eventTypes],
      enabled: input.enabled,
      failingSince: input.enabled
        ? sql`case when ${webhookEndpoints.enabled} then ${webhookEndpoints.failingSince} else null end`
        : undefined,
      disabledReason: input.enabled
        ? null
        : sql`case when ${webhookEndpoints.enabled} then 'staff' else ${webhookEndpoints.disabledReason} end`,
      disabledAt: input.enabled
        ? null
        : sql`case when ${webhookEndpoints.enabled} then ${now.toISOString()}::timestamptz else ${webhookEndpoints.disabledAt} end`,
      updatedAt: now,
    })
    .where(mine(input.merchantRowId, input.endpointId))
    .returning();
  return row && summaryOf(row);
}

/** A new secret, answered once; the old one keeps signing beside it for 24 hours. */
export async function rotateEndpointSecret(
  db: Db,
  vault: KeyVault,
  input: { merchantRowId: string; endpointId: string },
): Promise<{ secret: string; previousSecretUntil: Date } | undefined> {
  const secret = newSigningSecret();
  const until = new Date(Date.now() + PREVIOUS_SECRET_OVERLAP_MS);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecretEncrypted: sql`${webhookEndpoints.secretEncrypted}`,
      previousSecretUntil: until,
      secretEncrypted: vault.seal(secret, slotOf(input.endpointId)),
      updatedAt: new Date(),
    })
    .where(mine(input.merchantRowId, input.endpointId))
    .returning({ id: webhookEndpoints.id });
  return row && { secret, previousSecretUntil: until };
}

/**
 * Deletes the endpoint: nothing more is sent to it and it leaves the settings; its deliveries still
 * waiting are marked failed, and the log keeps what was sent.
 */
export async function deleteEndpoint(db: Db, input: { merchantRowId: string; endpointId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: now, enabled: false, disabledReason: "deleted", disabledAt: now, updatedAt: now })
      .where(mine(input.merchantRowId, input.endpointId))
      .returning({ id: webhookEndpoints.id });
    if (!row) return false;
    await tx
      .update(outboundDeliveries)
      .set({ status: "failed", leaseUntil: null })
      .where(and(eq(outboundDeliveries.endpointId, row.id), eq(outboundDeliveries.status, "pending")));
    return true;
  });
}

/**
 * A test event to this one endpoint, through the same outbox and delivery as every event, so it
 * shows in the log with its attempts. A disabled endpoint gets none: it is enabled first.
 */
export async function sendTestEvent(
  db: Db,
  input: { merchantRowId: string; endpointId: string },
): Promise<"sent" | "not_found" | "disabled"> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(mine(input.merchantRowId, input.endpointId))
      .limit(1);
    if (!endpoint) return "not_found";
    if (!endpoint.enabled) return "disabled";
    const eventId = newEventId();
    await tx
      .insert(outboundEvents)
      .values({ id: eventId, merchantId: input.merchantRowId, requestId: null, type: TEST_EVENT_TYPE, requestRow: {} });
    await tx.insert(outboundDeliveries).values({ eventId, endpointId: endpoint.id });
    return "sent";
  });
}

/** Per merchant: how many endpoints, how many disabled or failing (the settings' notice). */
export async function endpointOverview(
  db: Db,
  merchantRowIds: readonly string[],
): Promise<Map<string, { endpoints: number; disabled: number; failing: number }>> {
  const overview = new Map<string, { endpoints: number; disabled: number; failing: number }>();
  if (merchantRowIds.length === 0) return overview;
  const rows = await db
    .select({
      merchantId: webhookEndpoints.merchantId,
      endpoints: sql<number>`count(*)::int`,
      disabled: sql<number>`(count(*) filter (where not ${webhookEndpoints.enabled}))::int`,
      failing: sql<number>`(count(*) filter (where ${webhookEndpoints.enabled} and ${webhookEndpoints.failingSince} is not null))::int`,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.merchantId, [...merchantRowIds]), isNull(webhookEndpoints.deletedAt)))
    .groupBy(webhookEndpoints.merchantId);
  for (const row of rows)
    overview.set(row.merchantId, { endpoints: Number(row.endpoints), disabled: Number(row.disabled), failing: Number(row.failing) });
  return overview;
}
