import "server-only";
import type { Db } from "../db/client";
import type { PaymentApi } from "../provider/client";
import type { FailureFacts } from "../provider/failure";
import { factsOf } from "../provider/result";
import type { KeyVault } from "./key-vault";
import { credentialsFor } from "./manage";

/**
 * "Test the keys": asks the provider whether it accepts each key, with a harmless read.
 *
 * - The read key reads one request (GetPaymentRequests): that is exactly what reconciliation needs.
 * - A submit key has no harmless call of its own (every submit creates a request), so the same read
 *   is made with it: an unknown key is answered 401 and a known key without the VIEWER role 403
 *   (docs/provider-facts.md §1.3–1.4), so 403 means "accepted", which is what a submit-only key should get.
 *
 * The answers carry verdicts and the provider client's failure facts, never a key.
 */
export type KeyVerdict = "works" | "rejected" | "lacks_role" | "unreachable" | "missing";

export interface KeyCheck {
  key: "submit" | "read";
  verdict: KeyVerdict;
  /** Why, as the provider client's failure facts, for anything other than "works"; worded where shown. */
  detail: FailureFacts | null;
}

/** A check as the admin reads it: its detail worded in their language. */
export type WordedKeyCheck = Omit<KeyCheck, "detail"> & { detail: string | null };

const PROBE = { offset: 1, limit: 1 } as const;

export async function testMerchantKeys(db: Db, vault: KeyVault, api: PaymentApi, merchantRowId: string): Promise<KeyCheck[] | undefined> {
  const credentials = await credentialsFor(db, vault, merchantRowId);
  if (!credentials) return undefined;

  const submitProbe = await api.forMerchant({ ...credentials, readKey: credentials.submitKey }).getPaymentRequests(PROBE);
  const submit: KeyCheck = submitProbe.ok
    ? { key: "submit", verdict: "works", detail: null }
    : submitProbe.kind === "forbidden"
      ? { key: "submit", verdict: "works", detail: null }
      : { key: "submit", verdict: submitProbe.kind === "auth_failed" ? "rejected" : "unreachable", detail: factsOf(submitProbe) };

  if (credentials.readKey === null) return [submit, { key: "read", verdict: "missing", detail: null }];
  const readProbe = await api.forMerchant(credentials).getPaymentRequests(PROBE);
  const read: KeyCheck = readProbe.ok
    ? { key: "read", verdict: "works", detail: null }
    : {
        key: "read",
        verdict: readProbe.kind === "auth_failed" ? "rejected" : readProbe.kind === "forbidden" ? "lacks_role" : "unreachable",
        detail: factsOf(readProbe),
      };
  return [submit, read];
}
