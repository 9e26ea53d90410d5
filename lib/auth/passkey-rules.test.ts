import { describe, expect, it } from "vitest";
import { finishPasskeyRegistrationSchema, passkeyAnswerSchema, passkeyRules, removePasskeySchema } from "./passkey-rules";

const R = passkeyRules.keys;
const challengeId = `wch_${"ab".repeat(12)}`;
const answer = {
  id: "cred",
  rawId: "cred",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "MEUC", userHandle: "dXNy" },
  clientExtensionResults: {},
};
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("the passkey forms' rules", () => {
  it("take the browser's answer as JSON beside its challenge, and name what is wrong in words", () => {
    expect(passkeyAnswerSchema.safeParse({ challengeId, response: JSON.stringify(answer) }).success).toBe(true);
    expect(messages(passkeyAnswerSchema.safeParse({ challengeId, response: "{not json" }))).toEqual([R.answerInvalid]);
    expect(messages(passkeyAnswerSchema.safeParse({ challengeId, response: JSON.stringify({ ...answer, type: "password" }) }))).toEqual([
      R.answerInvalid,
    ]);
    expect(messages(passkeyAnswerSchema.safeParse({ challengeId, response: "x".repeat(20_001) }))).toContain(R.answerInvalid);
    // A challenge id that is not one of ours reads as an expired challenge: start again.
    expect(messages(passkeyAnswerSchema.safeParse({ challengeId: "wch_zz", response: JSON.stringify(answer) }))).toEqual([R.expired]);
  });

  it("ask a new passkey for a name of at most 60 characters, and refuse ids that are not passkeys'", () => {
    const registration = {
      id: "cred",
      rawId: "cred",
      type: "public-key",
      response: { clientDataJSON: "e30", attestationObject: "o2Nm" },
      clientExtensionResults: {},
    };
    const base = { challengeId, response: JSON.stringify(registration) };
    expect(finishPasskeyRegistrationSchema.safeParse({ ...base, name: "  Work laptop  " }).data?.name).toBe("Work laptop");
    expect(messages(finishPasskeyRegistrationSchema.safeParse({ ...base, name: "   " }))).toEqual([R.nameRequired]);
    expect(messages(finishPasskeyRegistrationSchema.safeParse({ ...base, name: "x".repeat(61) }))).toEqual([R.nameTooLong]);
    expect(messages(removePasskeySchema.safeParse({ passkeyId: "usr_123" }))).toEqual([R.notFound]);
  });

  it("word every key in Thai and English", () => {
    for (const key of Object.values(R)) {
      expect(passkeyRules.words("en", key)).not.toBe(key);
      expect(passkeyRules.words("th", key)).not.toBe(key);
    }
  });
});
