/**
 * The background loops (lib/jobs/loop.ts) with their real passes, against the sandbox over HTTP:
 * - a stop while a bulk line is at the provider waits for that line to be made and marked, and
 *   leaves the file's other lines untouched for the next instance (PGlite and Postgres);
 * - across a restart of PostgreSQL (a real server of this file's own, stopped "fast" as a restart
 *   does), every loop keeps passing — each failure logged and counted — and once the server is back
 *   the work waiting is done by each loop's next pass, without restarting PayDesk, at the loops'
 *   production intervals (within 5 s on a quiet machine; the test counts passes, not seconds, so a
 *   busy machine does not fail it).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { insertStaff } from "../auth/testing/staff";
import { openDatabase, type Database } from "../db/client";
import type { Db } from "../db/client";
import { paymentRequests, payoutBatchRows } from "../db/schema";
import { DATABASE_KINDS, postgresSkipReason } from "../db/testing/databases";
import { findPostgresBin, startPostgres, type PostgresServer } from "../db/testing/postgres-server";
import { sandboxCoffee } from "../merchants/testing/sandbox-merchant";
import type { MerchantApi } from "../provider/client";
import { confirmBatch, recordBatch } from "../bulk/batches";
import { parseBulkFile } from "../bulk/csv";
import { startBulkWorker } from "../bulk/worker";
import { payInRequest } from "../requests/contract";
import { createRequest } from "../requests/create";
import { startReconcileWorker } from "../requests/worker";
import { loopStats } from "./loop";
import { scaled } from "@/lib/testing/vitest-project";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

async function until(condition: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A confirmed bulk file of `amounts` (baht) to one PromptPay id; answers its id and its lines' RefId1s. */
async function confirmedFile(db: Db, merchantRowId: string, staffId: string, amounts: string[]) {
  const refs = amounts.map(() => ref("L"));
  const bytes = new TextEncoder().encode(
    ["ref_id1,amount,bank_code,account_no,account_name,promptpay_id", ...refs.map((r, i) => `${r},${amounts[i]},,,,0899990002`)].join("\n"),
  );
  const parsed = parseBulkFile(bytes);
  if (!parsed.ok) throw new Error(parsed.problem.key);
  const id = await recordBatch(db, {
    merchantRowId,
    createdBy: staffId,
    fileName: "loop.csv",
    bytes,
    encoding: parsed.encoding,
    lines: parsed.lines,
    payoutCeilingSatang: 200_000_000,
  });
  expect(await confirmBatch(db, { merchantIds: null }, id, staffId)).toBe("confirmed");
  return { id, refs };
}

const linesOf = (db: Db, batchId: string) =>
  db.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, batchId)).orderBy(payoutBatchRows.line);

describe.each(DATABASE_KINDS)("stopping a loop on %s", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "spec");
  const { skip } = setup;
  let staffId: string;
  beforeAll(async () => {
    if (skip) return;
    staffId = (await insertStaff(setup.db, { role: "finance" })).id;
  });

  it.skipIf(skip)(
    "finishes the line in hand and leaves the rest to the next instance, untouched",
    { timeout: scaled(30_000) },
    async () => {
      const { id, refs } = await confirmedFile(setup.db, setup.merchantRowId, staffId, ["31.25", "32.25", "33.25"]);
      // The first line's Pay-Out is answered only after 1.5 s: the stop comes while it is at the provider.
      await setup.sb.control("POST", "/faults", {
        operation: "SubmitPayOutRequest",
        kind: "delay",
        delayMs: 1_500,
        match: { refId1: refs[0] },
      });
      const loop = startBulkWorker({ db: setup.db, apiFor: async () => setup.api, pollMs: 50 });
      await until(async () => (await linesOf(setup.db, id))[0]!.attempts === 1, scaled(10_000), "the first line taken");
      await loop.stop();
      const lines = await linesOf(setup.db, id);
      expect(lines[0]).toMatchObject({ outcome: "sent", attempts: 1, leaseUntil: null });
      expect(lines.slice(1).map((l) => [l.outcome, l.attempts, l.leaseUntil])).toEqual([
        [null, 0, null],
        [null, 0, null],
      ]);
      expect((await setup.sb.control<unknown[]>("GET", `/requests?refId1=${refs[1]}`)).body).toHaveLength(0);
    },
  );
});

const skipRestart = postgresSkipReason() ?? (findPostgresBin() ? null : "Debian's postgresql is not installed");

describe.skipIf(skipRestart)("the loops across a restart of PostgreSQL", () => {
  let server: PostgresServer;
  let database: Database;
  let sb: TestSandbox;
  let api: MerchantApi;
  let merchantRowId: string;
  let staffId: string;

  beforeAll(async () => {
    server = await startPostgres(findPostgresBin()!);
    database = await openDatabase({ url: server.url("postgres"), poolSize: 4 });
    sb = await startTestSandbox("spec");
    ({ merchantRowId, api } = await sandboxCoffee(database.db, sb));
    staffId = (await insertStaff(database.db, { role: "finance" })).id;
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.close();
    server?.stop();
  });

  it("keeps passing while it is down, and does what waits in its next pass once it is back", { timeout: scaled(60_000) }, async () => {
    const logs: string[] = [];
    const failures = (name: string) => loopStats().find((s) => s.name === name)?.failures ?? 0;
    const passes = (name: string) => loopStats().find((s) => s.name === name)?.passes ?? 0;
    const failedBefore = { bulk: failures("bulk"), reconcile: failures("reconcile") };
    // The production intervals (2 s each): "within 5 s" is what a deployment gets.
    const loops = [
      startBulkWorker({ db: database.db, apiFor: async () => api, log: (m) => logs.push(m) }),
      startReconcileWorker({ db: database.db, apiFor: async () => api, log: (m) => logs.push(m) }),
    ];
    try {
      // A Pay-In open at the provider, and a bulk file waiting to be made once the database is back.
      const created = await createRequest(
        database.db,
        api,
        { kind: "payin", payIn: payInRequest({ refId1: ref("R"), payerName: "สมชาย", amountSatang: 77_700, qrProvider: "PP" }) },
        { merchantRowId, idempotencyKey: randomUUID(), createdBy: staffId },
      );
      if (created.outcome !== "sent") throw new Error(`not sent: ${created.outcome}`);
      const file = await confirmedFile(database.db, merchantRowId, staffId, ["41.75"]);

      await server.halt("fast");
      await until(
        async () => failures("bulk") >= failedBefore.bulk + 2 && failures("reconcile") >= failedBefore.reconcile + 2,
        scaled(20_000),
        "failed passes of both loops",
      );
      expect(logs.some((m) => m.startsWith("bulk pass failed"))).toBe(true);
      expect(logs.some((m) => m.startsWith("reconcile pass failed"))).toBe(true);

      await server.start();
      // The Pay-In's check comes due now; the bulk line was due all along.
      await database.db
        .update(paymentRequests)
        .set({ nextCheckAt: new Date(Date.now() - 1_000) })
        .where(eq(paymentRequests.id, created.request.id));
      const due = Date.now();
      const passesAtDue = { bulk: passes("bulk"), reconcile: passes("reconcile") };
      // Generous: what is asserted is which pass did the work, not how fast a busy machine ran it.
      await until(
        async () => {
          const [line] = await linesOf(database.db, file.id);
          const [request] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, created.request.id));
          return line!.outcome === "sent" && request!.nextCheckAt!.getTime() > due;
        },
        scaled(30_000),
        "the bulk line made and the Pay-In checked",
      );
      // Each loop did it in the first pass that began once the server was back and the work due (the
      // pass already under way may end first, and one more may end before this test looks): no
      // restart, no pool left broken by the restart, passes that fail on after the return counted
      // here. On a quiet machine that is within 5 s of the return (one 2 s interval and a pass); how
      // long a loaded one takes is not the point.
      expect(passes("bulk") - passesAtDue.bulk).toBeLessThanOrEqual(3);
      expect(passes("reconcile") - passesAtDue.reconcile).toBeLessThanOrEqual(3);
      expect((await sb.control<unknown[]>("GET", `/requests?refId1=${file.refs[0]}`)).body).toHaveLength(1);
    } finally {
      await Promise.all(loops.map((l) => l.stop()));
    }
  });
});
