import { z } from "zod";
import { OUTBOUND_EVENT_TYPES } from "./events";
import { webhookRuleMessages } from "./rule-messages";

/** Settings → Webhooks: the forms' schemas, shared by the browser (zodResolver) and the server actions. */
const R = webhookRuleMessages.keys;
export const MAX_URL_LENGTH = 2_048;

/**
 * An endpoint's address as the form can judge it: a whole http(s) URL without credentials or a
 * fragment. Whether it must be https and public is the server's to say (lib/outbound-webhooks/endpoint-url.ts):
 * the demo mode allows a receiver on this machine.
 */
const endpointUrl = z
  .string({ error: R.urlRequired })
  .trim()
  .min(1, R.urlRequired)
  .max(MAX_URL_LENGTH, R.urlTooLong)
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: "custom", message: R.urlInvalid });
      return z.NEVER;
    }
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "") {
      ctx.addIssue({ code: "custom", message: R.urlInvalid });
      return z.NEVER;
    }
    if (url.username !== "" || url.password !== "") {
      ctx.addIssue({ code: "custom", message: R.urlCredentials });
      return z.NEVER;
    }
    url.hash = "";
    return url.toString();
  });

/** A checkbox group arrives as a list (the form) or one value or none (FormData). */
const eventList = z.preprocess(
  (value) => (value === undefined || value === false ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(OUTBOUND_EVENT_TYPES, { error: R.eventsRequired })).min(1, R.eventsRequired),
);

const description = z
  .string()
  .trim()
  .max(200, R.descriptionTooLong)
  .optional()
  .transform((text) => (text ? text : null));

export const createEndpointSchema = z.object({
  merchantId: z.string().min(1),
  url: endpointUrl,
  description,
  eventTypes: eventList,
});

/** A checkbox's "on", or true, or absent. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const updateEndpointSchema = createEndpointSchema.extend({
  endpointId: z.string().min(1).max(40),
  enabled: checkbox,
});

export const endpointRefSchema = z.object({ merchantId: z.string().min(1), endpointId: z.string().min(1).max(40) });

export const resendDeliverySchema = z.object({ merchantId: z.string().min(1), deliveryId: z.coerce.number().int().positive() });

/** "Resend every failed event since …": a local date and time (Bangkok), in the past. */
export const resendFailedSchema = endpointRefSchema.extend({
  since: z.string({ error: R.sinceInvalid }).transform((text, ctx): Date => {
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim()) ? new Date(`${text.trim()}:00+07:00`) : null;
    if (!at || Number.isNaN(at.getTime()) || at.getTime() > Date.now()) {
      ctx.addIssue({ code: "custom", message: R.sinceInvalid });
      return z.NEVER;
    }
    return at;
  }),
});
