"use server";

import { ActionError, defineAction } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { keyVault } from "@/lib/merchants/vault";
import { endpointUrlProblem } from "@/lib/outbound-webhooks/endpoint-url";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
} from "@/lib/outbound-webhooks/endpoints";
import { resendDelivery, resendFailedSince } from "@/lib/outbound-webhooks/log";
import { webhookRuleMessages } from "@/lib/outbound-webhooks/rule-messages";
import {
  createEndpointSchema,
  endpointRefSchema,
  resendDeliverySchema,
  resendFailedSchema,
  updateEndpointSchema,
} from "@/lib/outbound-webhooks/schemas";
import { wakeOutboundWorker } from "@/lib/outbound-webhooks/worker";

/**
 * Settings → Webhooks (docs/DESIGN.md §14). Adding an endpoint and rotating its secret answer the
 * secret itself, the only times it leaves the server (the audit row names the endpoint, never the
 * secret). Every change is audited by the action door.
 */
const R = webhookRuleMessages.keys;

function checkUrl(url: string): void {
  const problem = endpointUrlProblem(url, env().outboundAllowPrivate);
  if (problem) throw new ActionError(problem, { url: [problem] });
}

export const createEndpointAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: createEndpointSchema,
  merchantScoped: true,
  audit: "webhook-endpoint.create",
  run: async ({ input, merchant, session, db }) => {
    checkUrl(input.url);
    const { secret, endpoint } = await createEndpoint(db, keyVault(), {
      merchantRowId: merchant.id,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      createdBy: session.userId,
    });
    return { secret, id: endpoint.id };
  },
  target: (_input, data) => data.id,
});

export const updateEndpointAction = defineAction({
  permission: "merchant.manage",
  schema: updateEndpointSchema,
  merchantScoped: true,
  audit: "webhook-endpoint.update",
  run: async ({ input, merchant, db }) => {
    checkUrl(input.url);
    const updated = await updateEndpoint(db, {
      merchantRowId: merchant.id,
      endpointId: input.endpointId,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      enabled: input.enabled,
    });
    if (!updated) throw new ActionError(R.endpointGone, {}, "not_found");
    // Enabled again: what waited meanwhile goes out now.
    if (updated.enabled) wakeOutboundWorker();
    return { enabled: updated.enabled };
  },
  target: (input) => input.endpointId,
});

export const rotateEndpointSecretAction = defineAction({
  stepUp: true,
  permission: "merchant.manage",
  schema: endpointRefSchema,
  merchantScoped: true,
  audit: "webhook-endpoint.rotate-secret",
  run: async ({ input, merchant, db }) => {
    const rotated = await rotateEndpointSecret(db, keyVault(), { merchantRowId: merchant.id, endpointId: input.endpointId });
    if (!rotated) throw new ActionError(R.endpointGone, {}, "not_found");
    return { secret: rotated.secret, previousSecretUntil: rotated.previousSecretUntil.toISOString() };
  },
  target: (input) => input.endpointId,
});

export const sendTestEventAction = defineAction({
  permission: "merchant.manage",
  schema: endpointRefSchema,
  merchantScoped: true,
  audit: "webhook-endpoint.test",
  run: async ({ input, merchant, db }) => {
    const sent = await sendTestEvent(db, { merchantRowId: merchant.id, endpointId: input.endpointId });
    if (sent === "not_found") throw new ActionError(R.endpointGone, {}, "not_found");
    if (sent === "disabled") throw new ActionError(R.endpointDisabled);
    wakeOutboundWorker();
    return null;
  },
  target: (input) => input.endpointId,
});

export const deleteEndpointAction = defineAction({
  permission: "merchant.manage",
  schema: endpointRefSchema,
  merchantScoped: true,
  audit: "webhook-endpoint.delete",
  run: async ({ input, merchant, db }) => {
    if (!(await deleteEndpoint(db, { merchantRowId: merchant.id, endpointId: input.endpointId }))) {
      throw new ActionError(R.endpointGone, {}, "not_found");
    }
    return null;
  },
  target: (input) => input.endpointId,
});

export const resendDeliveryAction = defineAction({
  permission: "merchant.manage",
  schema: resendDeliverySchema,
  merchantScoped: true,
  audit: "webhook-delivery.resend",
  run: async ({ input, merchant, db }) => {
    const outcome = await resendDelivery(db, { merchantIds: [merchant.id], deliveryId: input.deliveryId });
    if (outcome === "not_found") throw new ActionError(R.deliveryGone, {}, "not_found");
    if (outcome === "endpoint_disabled") throw new ActionError(R.endpointDisabled);
    if (outcome === "pending") throw new ActionError(R.deliveryPending);
    wakeOutboundWorker();
    return null;
  },
  target: (input) => String(input.deliveryId),
});

export const resendFailedAction = defineAction({
  permission: "merchant.manage",
  schema: resendFailedSchema,
  merchantScoped: true,
  audit: "webhook-delivery.resend-failed",
  run: async ({ input, merchant, db }) => {
    const endpoint = await getEndpoint(db, merchant.id, input.endpointId);
    if (!endpoint) throw new ActionError(R.endpointGone, {}, "not_found");
    if (!endpoint.enabled) throw new ActionError(R.endpointDisabled);
    const count = await resendFailedSince(db, { endpointId: endpoint.id, since: input.since });
    wakeOutboundWorker();
    return { count };
  },
  target: (input) => input.endpointId,
});
