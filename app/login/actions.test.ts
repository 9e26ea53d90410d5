import { beforeEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-messages";
import { SIGN_IN_RULES } from "@/components/auth/sign-in-schema";
import { translateSignIn } from "@/components/auth/auth-messages";
import { captureLog } from "@/lib/ops/testing/log-capture";

// next-auth runs only inside Next's bundler: a stand-in AuthError, and signIn as a spy.
const next = vi.hoisted(() => {
  class AuthError extends Error {
    type = "AuthError";
  }
  class CredentialsSignin extends AuthError {
    override type = "CredentialsSignin";
    code = "credentials";
  }
  return { AuthError, CredentialsSignin, signIn: vi.fn() };
});
vi.mock("next-auth", () => ({ AuthError: next.AuthError, CredentialsSignin: next.CredentialsSignin }));
vi.mock("@/lib/auth", () => ({ signIn: next.signIn }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => null }));
vi.mock("@/lib/db", () => ({ getDb: async () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const { signInAction } = await import("./actions");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const refused = (code: string) => Object.assign(new next.CredentialsSignin(), { code });

describe("the sign-in form's action", () => {
  beforeEach(() => {
    next.signIn.mockReset();
  });

  it("signs in with the credentials and a same-site callback path only", async () => {
    next.signIn.mockResolvedValue(undefined);
    await signInAction(null, form({ email: " Admin@Shop.example ", password: "pw", callbackUrl: "https://evil.example/" }));
    expect(next.signIn).toHaveBeenCalledWith("credentials", { email: "Admin@Shop.example", password: "pw", redirectTo: "/overview" });
    await signInAction(null, form({ email: "a@shop.example", password: "pw", callbackUrl: "/audit?x=1" }));
    expect(next.signIn).toHaveBeenLastCalledWith("credentials", expect.objectContaining({ redirectTo: "/audit?x=1" }));
  });

  it("says which field is missing or malformed, without trying to sign in", async () => {
    const empty = await signInAction(null, form({ email: "", password: "" }));
    expect(empty).toMatchObject({
      ok: false,
      fieldErrors: { email: [SIGN_IN_RULES.emailRequired], password: [SIGN_IN_RULES.passwordRequired] },
    });
    const malformed = await signInAction(null, form({ email: "not-an-email", password: "x".repeat(300) }));
    expect(malformed).toMatchObject({
      ok: false,
      fieldErrors: { email: [SIGN_IN_RULES.emailInvalid], password: [SIGN_IN_RULES.passwordTooLong] },
    });
    expect(next.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ["invalid", SIGN_IN_MESSAGES.invalid],
    ["disabled", "This account is disabled; ask an admin."],
    ["locked-account-15", "Too many failed sign-ins for this account; try again in 15 minutes."],
    ["locked-ip-3", "Too many failed sign-ins from this network; try again in 3 minutes."],
  ])("turns the refusal %s into a sentence a person can act on", async (code, message) => {
    next.signIn.mockImplementation(async () => {
      throw refused(code);
    });
    const answer = await signInAction(null, form({ email: "a@shop.example", password: "pw" }));
    expect(answer).toEqual({ ok: false, message: expect.any(String), fieldErrors: {} });
    if (!answer.ok) expect(translateSignIn("en", answer.message)).toBe(translateSignIn("en", message));
  });

  it("answers any other failure generically, with a reference, and logs it", async () => {
    const logged = captureLog();
    next.signIn.mockImplementation(async () => {
      throw new next.AuthError("CallbackRouteError: connect ECONNREFUSED 127.0.0.1:5432");
    });
    const result = await signInAction(null, form({ email: "a@shop.example", password: "pw" }));
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/^Something went wrong on our side \(reference E-/) });
    expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED|5432/);
    expect(logged.text()).toMatch(/ECONNREFUSED/);
    logged.restore();
  });
});
