/**
 * kill -9 of the instance pushing a LINE message: the LINE stand-in (sandbox/line) has accepted the
 * push and holds back its answer when the sending process (a real OS process,
 * lib/line/testing/worker-process.ts, on a real Postgres) is killed. The next attempt, once the
 * lease lapses, carries the same X-Line-Retry-Key: LINE answers 409 "already accepted", the person
 * gets the message once, and the row records the cut-off send and the repeat.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LINE_CHANNEL } from "@/sandbox/env";
import type { LineUser } from "@/sandbox/line/state";
import { startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import { scaled } from "@/lib/testing/vitest-project";
import { forkWorkerProcess } from "@/lib/testing/worker-process";
import { lineMessages } from "../db/schema";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { connectLine } from "./channel";
import { linkResultMessage } from "./messages";
import { enqueueLineMessages } from "./outbox";
import { sendDueLineMessages } from "./worker";

const script = path.join(import.meta.dirname, "testing", "worker-process.ts");
const LEASE_MS = 2_000;

describe("kill -9 of the instance pushing a LINE message", () => {
  const skip = postgresSkipReason();
  const key = randomBytes(32);
  const vault = createKeyVault([key]);
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let child: ChildProcess | null = null;
  let exited: Promise<NodeJS.Signals | number | null> | null = null;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase("postgres");
    sandbox = await startTestSandbox("spec");
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    await sandbox?.dispose();
    await database?.dispose();
  });

  it.skipIf(skip)(
    "sends it again with the same retry key: LINE's 409, one message, the repeat on record",
    { timeout: scaled(60_000) },
    async () => {
      const connected = await connectLine(database.db, vault, {
        accessToken: SANDBOX_LINE_CHANNEL.channelAccessToken,
        secret: SANDBOX_LINE_CHANNEL.channelSecret,
        staffId: null,
        webhookUrl: "http://127.0.0.1:9/api/webhooks/line",
        apiBaseUrl: sandbox.url,
      });
      expect(connected.ok).toBe(true);
      const { body: user } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: "ผู้อนุมัติ" });
      await sandbox.control("POST", `/line/users/${user.userId}/follow`);
      await enqueueLineMessages(database.db, [
        { kind: "link.done", dedupeKey: `crash:${user.userId}`, toLineId: user.userId, messages: [linkResultMessage("th", "ผู้อนุมัติ")] },
      ]);
      const rowOf = async () => (await database.db.select().from(lineMessages).where(eq(lineMessages.toLineId, user.userId)))[0]!;
      const accepted = async () =>
        (await sandbox.control<{ pushes: { to: string; status: number }[] }>("GET", "/line/state")).body.pushes.filter(
          (push) => push.to === user.userId,
        );

      await sandbox.control("POST", "/line/faults", { holdAnswersMs: 60_000 });
      const started = await forkWorkerProcess(script, {
        LINE_DATABASE_URL: database.url!,
        LINE_API_URL: sandbox.url,
        LINE_VAULT_KEY: key.toString("hex"),
        LINE_LEASE_MS: String(LEASE_MS),
      });
      child = started.child;
      exited = started.exited;
      // LINE has the message and has not said so yet: the sender is killed now.
      await expect.poll(async () => (await accepted()).length, { timeout: scaled(30_000), interval: 20 }).toBe(1);
      process.kill(started.child.pid!, "SIGKILL");
      expect(await exited).toBe("SIGKILL");
      await sandbox.control("POST", "/line/faults", { holdAnswersMs: 0 });
      expect(await rowOf()).toMatchObject({ outcome: null, attempts: 1, sendStartedAt: expect.any(Date) });

      // Another instance, once the lease lapses: the same key again; LINE says it had it.
      await expect
        .poll(
          async () => (
            await sendDueLineMessages({ db: database.db, vault, apiBaseUrl: sandbox.url, consoleUrl: "https://pay.shop.example" }),
            (await rowOf()).outcome
          ),
          { timeout: LEASE_MS + scaled(15_000), interval: 250 },
        )
        .toBe("sent");
      expect((await accepted()).map((push) => push.status)).toEqual([200, 409]);
      expect(await rowOf()).toMatchObject({
        outcome: "sent",
        attempts: 2,
        unconfirmedSends: 1,
        repeats: 1,
        lastStatus: 409,
        leaseUntil: null,
      });
    },
  );
});
