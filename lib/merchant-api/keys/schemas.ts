import { z } from "zod";
import { API_SCOPES } from "./scopes";
import { MAX_RETURN_ORIGINS, parseOrigin } from "../../merchants/return-origins";
import { developerRuleMessages } from "./rule-messages";

/** Settings → Developers: the forms' schemas, shared by the browser (zodResolver) and the server actions. */
const R = developerRuleMessages.keys;

/** A checkbox group arrives as a list (the form) or one value or none (FormData). */
const scopeList = z.preprocess(
  (value) => (value === undefined || value === false ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(API_SCOPES, { error: R.scopesRequired })).min(1, R.scopesRequired),
);

export const createApiKeySchema = z.object({
  merchantId: z.string().min(1),
  name: z.string({ error: R.nameRequired }).trim().min(1, R.nameRequired).max(60, R.nameTooLong),
  mode: z.enum(["test", "live"], { error: R.modeRequired }),
  scopes: scopeList,
  /** A date (yyyy-mm-dd) the key stops working at the start of, in Bangkok time; empty for never. */
  expiresOn: z
    .string()
    .optional()
    .transform((text, ctx): Date | null => {
      if (!text || text.trim() === "") return null;
      const at = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? new Date(`${text.trim()}T00:00:00+07:00`) : null;
      if (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
        ctx.addIssue({ code: "custom", message: R.expiryInvalid });
        return z.NEVER;
      }
      return at;
    }),
});

export const revokeApiKeySchema = z.object({ merchantId: z.string().min(1), keyId: z.string().min(1).max(40) });

/** One origin per line; blank lines are skipped; each one normalised. */
export const returnOriginsSchema = z.object({
  merchantId: z.string().min(1),
  origins: z
    .string()
    .max(20_000)
    .transform((text, ctx): string[] => {
      const lines = text.split(/\r?\n/).map((line, index) => ({ line: line.trim(), number: index + 1 }));
      const origins: string[] = [];
      for (const { line, number } of lines) {
        if (line === "") continue;
        const parsed = parseOrigin(line);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: `${R.originInvalid}:${number}` });
          return z.NEVER;
        }
        if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
      }
      if (origins.length > MAX_RETURN_ORIGINS) {
        ctx.addIssue({ code: "custom", message: R.originsTooMany });
        return z.NEVER;
      }
      return origins;
    }),
});
