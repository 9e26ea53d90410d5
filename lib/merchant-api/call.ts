import "server-only";
import type { ApiKeyPrincipal } from "./keys/verify";
import type { Db } from "../db/client";
import { env } from "../env";
import { merchantApiFor } from "../provider";
import type { ApiCall } from "./requests";

/** What the merchant API's work needs from the process: the provider in the merchant API's lane, and PayDesk's public address. */
export function apiCall(db: Db, key: ApiKeyPrincipal): ApiCall {
  return { db, key, apiOf: (merchant) => merchantApiFor(merchant, "merchant_api"), publicBaseUrl: env().PUBLIC_BASE_URL };
}
