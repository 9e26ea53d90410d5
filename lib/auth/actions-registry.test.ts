import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { accessOf } from "./action";
import { scanServerActions } from "./testing/find-unwrapped-actions";

// next-auth does not load outside Next's bundler (it imports "next/server" without an extension);
// the actions only call it at request time, so a stand-in is enough to import them.
vi.mock("next-auth", () => {
  class AuthError extends Error {}
  return {
    default: () => ({ auth: vi.fn(), signIn: vi.fn(), signOut: vi.fn(), handlers: { GET: vi.fn(), POST: vi.fn() } }),
    AuthError,
    CredentialsSignin: class extends AuthError {},
  };
});
vi.mock("next-auth/providers/credentials", () => ({ default: (options: unknown) => options }));
// Called only to be refused: a Thai browser with nobody signed in (the stand-in auth() answers no one).
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "accept-language": "th-TH,th;q=0.9" }),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("../db", () => ({ getDb: async () => undefined }));

const root = process.cwd();

describe("every server action goes through defineAction (docs/STYLE.md habit 1)", () => {
  it('holds for every "use server" module under app/, lib/ and components/', async () => {
    const scan = await scanServerActions(["app", "lib", "components"].map((d) => path.join(root, d)));
    const relative = scan.actionModules.map((f) => path.relative(root, f));
    // The scan must see the modules we know of; an empty scan would pass vacuously.
    expect(relative).toEqual(expect.arrayContaining(["app/login/actions.ts", path.join("app", "(console)", "actions.ts")]));
    expect(scan.problems).toEqual([]);
  });

  it("and so every one refuses a signed-out caller in the caller's language (all but the public ones)", async () => {
    const scan = await scanServerActions(["app", "lib", "components"].map((d) => path.join(root, d)));
    const answers: Record<string, unknown> = {};
    for (const file of scan.actionModules) {
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, action] of Object.entries(exports)) {
        if (accessOf(action) === "public") continue;
        answers[`${path.relative(root, file)} ${name}`] = await (action as (previous: unknown, input: unknown) => Promise<unknown>)(
          null,
          {},
        );
      }
    }
    expect(Object.keys(answers).length).toBeGreaterThan(10);
    const signedOut = { ok: false, message: "เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้งแล้วลองใหม่", fieldErrors: {} };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, signedOut])));
  });

  describe("the checker itself", () => {
    // Inside the project (gitignored .tmp/) so the fixtures resolve zod and lib/ like real modules.
    // A fresh clone has no .tmp/ yet.
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, ".tmp", "actions-registry-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
    const actionPath = JSON.stringify(path.join(root, "lib", "auth", "action.ts"));

    it("fails on an unwrapped export, an inline action and a non-function export; passes a wrapped one", async () => {
      write(
        "wrapped.ts",
        `// a comment first is fine\n"use server";\nimport { z } from "zod";\nimport { defineAction } from ${actionPath};\n` +
          `export const fine = defineAction({ permission: "request.read", schema: z.object({}), audit: "fixture.fine", run: async () => null });\n`,
      );
      write("rogue.ts", `'use server'\nexport async function deleteEverything() {\n  return { ok: true };\n}\n`);
      write("inline.tsx", `export default function Page() {\n  async function sneaky() {\n    "use server";\n  }\n  return sneaky;\n}\n`);
      write("constant.ts", `"use server";\nexport const LIMIT = 5;\n`);
      write("not-an-action.ts", `export async function helper() {\n  return "use server";\n}\n`);

      const scan = await scanServerActions([dir]);
      expect(scan.actionModules.map((f) => path.basename(f)).sort()).toEqual(["constant.ts", "rogue.ts", "wrapped.ts"]);
      expect(scan.problems).toHaveLength(3);
      expect(scan.problems.join("\n")).toMatch(/rogue\.ts: export "deleteEverything" is not built by defineAction/);
      expect(scan.problems.join("\n")).toMatch(/inline\.tsx:3: an inline "use server" action/);
      expect(scan.problems.join("\n")).toMatch(/constant\.ts: export "LIMIT" is not built by defineAction/);
      expect(scan.problems.join("\n")).not.toMatch(/wrapped|not-an-action/);
    });
  });
});
