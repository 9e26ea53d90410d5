import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { passkeyRules } from "@/lib/auth/passkey-rules";

/**
 * The browser's side of a passkey ceremony (navigator.credentials through @simplewebauthn/browser):
 * the answer as JSON text for a server action, or why there is none, as a passkeyRules key.
 */
export type BrowserAnswer = { ok: true; json: string } | { ok: false; message: string };

const R = passkeyRules.keys;

function refusal(error: unknown): BrowserAnswer {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return { ok: false, message: R.registered };
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || name === "SecurityError")
    return { ok: false, message: R.unavailable };
  // NotAllowedError: the person cancelled, or the time ran out, or no passkey for this site is here.
  return { ok: false, message: R.cancelled };
}

export const canUsePasskeys = () => typeof window !== "undefined" && browserSupportsWebAuthn();

export async function signWithPasskey(options: PublicKeyCredentialRequestOptionsJSON): Promise<BrowserAnswer> {
  if (!canUsePasskeys()) return { ok: false, message: R.notSupported };
  try {
    return { ok: true, json: JSON.stringify(await startAuthentication({ optionsJSON: options })) };
  } catch (error) {
    return refusal(error);
  }
}

export async function makePasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<BrowserAnswer> {
  if (!canUsePasskeys()) return { ok: false, message: R.notSupported };
  try {
    return { ok: true, json: JSON.stringify(await startRegistration({ optionsJSON: options })) };
  } catch (error) {
    return refusal(error);
  }
}
