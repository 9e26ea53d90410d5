/**
 * Why a sign-in was refused, as a short code (it travels in next-auth's CredentialsSignin error
 * and, for a form posted straight to /api/auth/callback/credentials, in the /login URL), and the
 * sentence a person reads. Wrong password and unknown email share one code: no enumeration.
 */
export type SignInRefusal =
  | { reason: "invalid" }
  | { reason: "disabled" }
  | { reason: "throttled"; scope: "account" | "ip"; minutes: number };

export function refusalCode(refusal: SignInRefusal): string {
  return refusal.reason === "throttled" ? `locked-${refusal.scope}-${refusal.minutes}` : refusal.reason;
}

const plural = (n: number) => `${n} minute${n === 1 ? "" : "s"}`;

export const SIGN_IN_MESSAGES = {
  invalid: "That email and password do not match an account. Check both and try again.",
  disabled: "This account is disabled; ask an admin.",
  error: "Sign-in is not working right now. Try again in a minute; if it keeps failing, tell your admin.",
} as const;

export function signInMessage(code: string | null | undefined): string {
  if (code === "invalid" || code === "credentials") return SIGN_IN_MESSAGES.invalid;
  if (code === "disabled") return SIGN_IN_MESSAGES.disabled;
  const locked = /^locked-(account|ip)-(\d{1,4})$/.exec(code ?? "");
  if (locked) {
    const minutes = plural(Number(locked[2]));
    return locked[1] === "account"
      ? `Too many failed sign-ins for this account; try again in ${minutes}.`
      : `Too many failed sign-ins from this network; try again in ${minutes}.`;
  }
  return SIGN_IN_MESSAGES.error;
}
