/**
 * Basic auth with an API key, and the provider's role check (docs/provider-facts.md §1.2–§1.4).
 *
 * Roles are unanchored, case-insensitive regexes over "{Controller}:{Action}". The spec profile
 * answers every failure with an empty 401/403; the live profile also reproduces the plain-text
 * answers its handler writes for disabled keys and malformed headers (§1.4).
 */
import type { IncomingMessage } from "node:http";
import type { Profile } from "./env";
import { HttpError } from "./http";
import type { Store } from "./store";
import type { ApiKey } from "./types";

export const ROLE_PATTERNS: Record<string, string[]> = {
  OWNER: [".+:.+"],
  VIEWER: [".+:Get.+"],
  EDITOR: [".+:Add.+", ".+:Update.+", ".+:Delete.+"],
  PAYMENT_REQUEST: ["PaymentRequest:SubmitPayInRequest"],
  PAYIN_REQUEST: ["PaymentRequest:SubmitPayInRequest"],
  PAYIN_REQUEST_P2P: ["PaymentRequest:SubmitPayInRequestP2P"],
  PAYOUT_REQUEST: ["PaymentRequest:SubmitPayOutRequest"],
  // Not in the live provider (it has no SubmitWithdrawalRequest, §4.4); the spec's withdrawal needs a role.
  WITHDRAWAL_REQUEST: ["PaymentRequest:SubmitWithdrawalRequest"],
};

const compiled = new Map<string, RegExp[]>(
  Object.entries(ROLE_PATTERNS).map(([role, patterns]) => [role, patterns.map((p) => new RegExp(p, "i"))]),
);

export function roleAllows(roles: string[], keyword: string): boolean {
  return roles.some((role) => compiled.get(role)?.some((re) => re.test(keyword)) ?? false);
}

const WWW_AUTHENTICATE = { "WWW-Authenticate": 'Basic realm="api"' };

export function authenticate(
  req: IncomingMessage,
  store: Store,
  profile: Profile,
  orgId: string,
  merchantId: string | null,
  keyword: string,
): ApiKey {
  const header = req.headers.authorization;
  const unauthorized = () => new HttpError(401, "", "empty", WWW_AUTHENTICATE);
  if (!header) throw unauthorized();
  const space = header.indexOf(" ");
  const scheme = space < 0 ? header : header.slice(0, space);
  const parameter = space < 0 ? "" : header.slice(space + 1).trim();
  if (scheme !== "Basic" && scheme !== "Bearer") {
    throw profile === "live" ? new HttpError(200, "Unknown scheme", "text") : unauthorized();
  }
  const decoded = Buffer.from(parameter, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (parameter === "" || colon < 0 || !/^[A-Za-z0-9+/]+=*$/.test(parameter)) {
    throw profile === "live" ? new HttpError(200, "Invalid Authorization header format", "text") : unauthorized();
  }
  // The user name is not checked by the provider (§1.2); the spec says `api`, and so does PayDesk.
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const key = store.get("keys", password);
  if (!key || key.orgId !== orgId) throw unauthorized();
  const state = key.status === "Disabled" ? "DISABLED" : key.expiresAt !== null && key.expiresAt < Date.now() ? "EXPIRED" : "OK";
  if (state !== "OK") {
    // The live handler writes "user + status" as text before the challenge, so the 401 never lands (§1.4).
    throw profile === "live" ? new HttpError(200, `User [${user}] status [${state}]`, "text") : unauthorized();
  }
  if (
    profile === "spec" &&
    merchantId !== null &&
    key.merchantId !== null &&
    key.merchantId !== merchantId &&
    store.get("merchants", merchantId)
  ) {
    // The spec ties a key to one merchant (Authentication, rule 5); the live provider does not check (§1.2).
    // An unknown or malformed merchant id is not "another merchant": the submit answers UUID_INVALID/NOTFOUND (§3.2).
    throw unauthorized();
  }
  if (!roleAllows(key.roles, keyword)) throw new HttpError(403, "", "empty");
  return key;
}
