/**
 * A storage test's database and sandbox for one describe block: made before the block's tests,
 * unless the database kind cannot run here (`skip` says why, for `it.skipIf(skip)`), and disposed
 * after them, the sandbox first. With Coffee, the sandbox's first merchant as PayDesk has it
 * (lib/merchants/testing/sandbox-merchant.ts).
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
}

export interface CoffeeFixture extends SandboxFixture {
  /** Coffee's provider client, without the budget. */
  api: MerchantApi;
  /** Coffee's row in PayDesk. */
  merchantRowId: string;
}

export function setUpSandbox(
  kind: DatabaseKind,
  profile: Profile,
  options: { poolSize?: number; sandbox?: Partial<SandboxConfig> } = {},
): SandboxFixture {
  const fixture = setUpTestDatabase(kind, { poolSize: options.poolSize }) as SandboxFixture;
  beforeAll(async () => {
    if (fixture.skip) return;
    fixture.sb = await startTestSandbox(profile, options.sandbox);
  });
  afterAll(async () => fixture.sb?.dispose());
  return fixture;
}

export function setUpSandboxWithCoffee(
  kind: DatabaseKind,
  profile: Profile,
  options: SandboxClientOptions & { poolSize?: number; sandbox?: Partial<SandboxConfig> } = {},
): CoffeeFixture {
  const { poolSize, sandbox, ...client } = options;
  const fixture = setUpSandbox(kind, profile, { poolSize, sandbox }) as CoffeeFixture;
  beforeAll(async () => {
    if (fixture.skip) return;
    Object.assign(fixture, await sandboxCoffee(fixture.db, fixture.sb, client));
  });
  return fixture;
}
