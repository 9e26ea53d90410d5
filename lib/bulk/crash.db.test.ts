/**
 * kill -9 of the instance making a confirmed bulk Pay-Out file's lines (docs/DESIGN.md §16), at the
 * worst moment: the provider has made one line's Pay-Out and holds its answer when the instance
 * dies. The instance is a real OS process (lib/bulk/testing/worker-process.ts) on a real Postgres,
 * against the sandbox over HTTP. Another instance takes the line once the lease lapses: every line is
 * made exactly once at the provider (none lost, none twice), and the line cut off says it was tried
 * twice and that its request was found rather than made again.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { insertStaff } from "../auth/testing/staff";
import { paymentRequests, payoutBatchRows } from "../db/schema";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { sandboxCoffee } from "../merchants/testing/sandbox-merchant";
import { confirmBatch, recordBatch } from "./batches";
import { parseBulkFile } from "./csv";
import { scaled } from "@/lib/testing/vitest-project";
import { forkWorkerProcess, type WorkerProcess } from "@/lib/testing/worker-process";

const script = path.join(import.meta.dirname, "testing", "worker-process.ts");
const LINES = 8;
/** The killed instance's lease: short, so the test need not wait out production's two minutes. */
const LEASE_MS = 2_000;

async function until(condition: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("kill -9 of the instance making a bulk file's lines", () => {
  const skip = postgresSkipReason();
  let database: TestDatabase;
  let sb: TestSandbox;
  const instances: WorkerProcess[] = [];

  const startInstance = async (): Promise<WorkerProcess> => {
    const instance = await forkWorkerProcess(script, {
      BULK_DATABASE_URL: database.url!,
      BULK_PROVIDER: JSON.stringify({ url: sb.url, ...sb.coffee }),
      BULK_LEASE_MS: String(LEASE_MS),
    });
    instances.push(instance);
    return instance;
  };

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase("postgres");
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(instances.map((i) => i.exited));
    await sb?.dispose();
    await database?.dispose();
  });

  it.skipIf(skip)(
    "makes every line once at the provider; the line cut off is taken again after its lease and says it was tried twice",
    { timeout: scaled(90_000) },
    async () => {
      const { merchantRowId } = await sandboxCoffee(database.db, sb);
      const staffId = (await insertStaff(database.db, { role: "finance" })).id;
      const refs = Array.from({ length: LINES }, () => ref("X"));
      const cutOff = refs[3]!;
      const bytes = new TextEncoder().encode(
        ["ref_id1,amount,bank_code,account_no,account_name,promptpay_id", ...refs.map((r, i) => `${r},${21 + i}.50,,,,0812345678`)].join(
          "\n",
        ),
      );
      const parsed = parseBulkFile(bytes);
      if (!parsed.ok) throw new Error(parsed.problem.key);
      const batchId = await recordBatch(database.db, {
        merchantRowId,
        createdBy: staffId,
        fileName: "sellers.csv",
        bytes,
        encoding: parsed.encoding,
        lines: parsed.lines,
        payoutCeilingSatang: 200_000_000,
      });
      // The provider makes the fourth line's Pay-Out and then holds its answer for a minute.
      await sb.control("POST", "/faults", {
        operation: "SubmitPayOutRequest",
        kind: "delay",
        when: "after",
        delayMs: 60_000,
        match: { refId1: cutOff },
      });
      const atProvider = async (refId1: string) => (await sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;

      const first = await startInstance();
      expect(await confirmBatch(database.db, { merchantIds: null }, batchId, staffId)).toBe("confirmed");
      await until(async () => (await atProvider(cutOff)) === 1, scaled(30_000), "the fourth line's Pay-Out made at the provider");
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");

      const lines = () =>
        database.db.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, batchId)).orderBy(payoutBatchRows.line);
      const before = await lines();
      expect(before[3]).toMatchObject({ outcome: null, attempts: 1 });
      expect(before.slice(4).every((l) => l.outcome === null && l.attempts === 0)).toBe(true);

      await startInstance();
      await until(async () => (await lines()).every((l) => l.outcome !== null), scaled(45_000), "every line made after the restart");
      const after = await lines();
      for (const [i, refId1] of refs.entries()) {
        expect(await atProvider(refId1), `line ${i + 2} at the provider`).toBe(1);
        const [request] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.refId1, refId1));
        expect(after[i]!.requestId).toBe(request!.id);
      }
      // The repeat is on the line: tried twice, its request found (made by the killed instance), not made again.
      expect(after[3]).toMatchObject({ outcome: "existing", attempts: 2 });
      expect(after.filter((l) => l.attempts !== 1).map((l) => l.line)).toEqual([5]);
    },
  );
});
