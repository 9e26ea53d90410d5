/**
 * A storage test's database and sandbox for one describe block, with the sandbox's first merchant
 * ("Coffee") as PayDesk has it (lib/merchants/testing/sandbox-merchant.ts): made before the block's
 * tests, unless the database kind cannot run here (`skip` says why, for `it.skipIf(skip)`), and
 * disposed after them, the sandbox first.
 */
import { afterAll, beforeAll } from "vitest";
import type { SandboxConfig, Profile } from "../../sandbox/env";
import { startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import type { DatabaseKind } from "../db/testing/databases";
import { sandboxCoffee, type SandboxClientOptions } from "../merchants/testing/sandbox-merchant";
import type { MerchantApi } from "../provider/client";
import { setUpTestDatabase, type DatabaseFixture } from "./database-fixture";

export interface SandboxFixture extends DatabaseFixture {
  sb: TestSandbox;
  /** Coffee's provider client, without the budget. */
  api: MerchantApi;
  /** Coffee's row in PayDesk. */
  merchantRowId: string;
}

export function setUpSandboxWithCoffee(
  kind: DatabaseKind,
  profile: Profile,
  options: SandboxClientOptions & { poolSize?: number; sandbox?: Partial<SandboxConfig> } = {},
): SandboxFixture {
  const { poolSize, sandbox, ...client } = options;
  const fixture = setUpTestDatabase(kind, { poolSize }) as SandboxFixture;
  beforeAll(async () => {
    if (fixture.skip) return;
    fixture.sb = await startTestSandbox(profile, sandbox);
    Object.assign(fixture, await sandboxCoffee(fixture.database.db, fixture.sb, client));
  });
  afterAll(async () => fixture.sb?.dispose());
  return fixture;
}
