import { randomBytes } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealedSessionCookie } from "@/lib/auth/testing/session-cookie";
import { insertStaff } from "@/lib/auth/testing/staff";
import type { Db } from "@/lib/db/client";
import { merchants } from "@/lib/db/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";

/**
 * The one create page, /new/<operation>, as a signed-in person opens it: the session read for real
 * from its cookie, the operation's row of the table deciding the permission and the form.
 */
const surroundings = vi.hoisted(() => ({ db: undefined as unknown, cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ cookie: surroundings.cookie, "accept-language": "en-GB" }),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("@/lib/db", () => ({ getDb: async () => surroundings.db }));
// next-auth does not load outside Next's bundler (it imports "next/server" without an extension);
// the console's actions, which the page hands to its forms, call it only at request time.
vi.mock("next-auth", () => ({
  default: () => ({ auth: vi.fn(), signIn: vi.fn(), signOut: vi.fn(), handlers: {} }),
  AuthError: class extends Error {},
  CredentialsSignin: class extends Error {},
}));
vi.mock("next-auth/providers/credentials", () => ({ default: (options: unknown) => options }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }),
}));
const secret = randomBytes(32).toString("base64");
vi.stubEnv("AUTH_SECRET", secret);
// What next.config.mjs's experimental.authInterrupts sets in a build: forbidden() answers 403.
vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");

const page = await import("./page");
const params = (operation: string) => ({ params: Promise.resolve({ operation }) });
const render = async (operation: string) => renderToStaticMarkup(await page.default(params(operation)));
/** What next/navigation's notFound() and forbidden() throw: Next answers 404 and 403 from it. */
const refusal = (status: 403 | 404) => expect.objectContaining({ digest: `NEXT_HTTP_ERROR_FALLBACK;${status}` });

describe("/new/<operation>", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    surroundings.db = database.db as Db;
    await database.db.insert(merchants).values({
      id: "mer_coffee",
      displayName: "Bangkok Coffee",
      orgId: "org",
      merchantId: "m-coffee",
      submitKeyEncrypted: "v1:x",
      submitKeyLast4: "abcd",
      payoutApprovalThreshold: "5000.00",
    });
    const operator = await insertStaff(database.db, { role: "operator", merchantIds: ["mer_coffee"] });
    surroundings.cookie = await sealedSessionCookie(operator.id, { secret });
  });
  afterAll(async () => database?.dispose());

  it("renders the operation's own form for the person's merchant, titled by its row", async () => {
    const html = await render("payin");
    expect(html).toContain("Create Pay-In");
    expect(html).toMatch(/data-testid="create-merchant"[^>]*>.*Bangkok Coffee/);
    expect(await render("p2p")).toContain("Pay-In P2P");
    expect(await page.generateMetadata(params("withdrawal"))).toEqual({ title: "New Withdrawal" });
  });

  it("refuses an operation the role may not create with 403, and any other name with 404", async () => {
    await expect(render("payout")).rejects.toEqual(refusal(403));
    await expect(render("withdrawal")).rejects.toEqual(refusal(403));
    for (const name of ["bogus", "PAYIN", "payin ", "constructor"]) {
      await expect(render(name), name).rejects.toEqual(refusal(404));
      expect(await page.generateMetadata(params(name))).toEqual({});
    }
  });
});
