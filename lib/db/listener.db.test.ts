import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresSkipReason, type TestDatabase } from "./testing/databases";
import { listenOnOwnConnection } from "./listener";
import { scaled } from "@/lib/testing/vitest-project";

/**
 * A TCP relay to Postgres whose open connections can be frozen: bytes stop flowing both ways but
 * nothing is closed, as when a NAT or firewall forgets a connection. New connections still pass.
 */
async function freezableRelay(target: URL) {
  const open = new Set<{ client: net.Socket; server: net.Socket }>();
  const frozen: net.Socket[] = [];
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    const pair = { client, server };
    open.add(pair);
    client.pipe(server);
    server.pipe(client);
    const forget = () => {
      if (!open.delete(pair)) return;
      client.destroy();
      server.destroy();
    };
    client.on("error", forget).on("close", forget);
    server.on("error", forget).on("close", forget);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    port: (relay.address() as net.AddressInfo).port,
    freeze() {
      for (const { client, server } of open) {
        client.unpipe(server);
        server.unpipe(client);
        client.pause();
        server.pause();
        frozen.push(client, server);
      }
      open.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of frozen) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

const skip = postgresSkipReason();

describe.skipIf(skip)("a LISTEN connection of its own", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.dispose());

  const notify = async (channel: string, payload: string) => {
    const sender = new pg.Client({ connectionString: database.url! });
    await sender.connect();
    await sender.query("select pg_notify($1, $2)", [channel, payload]);
    await sender.end();
  };
  const until = async (test: () => boolean, withinMs: number) => {
    const started = Date.now();
    while (!test()) {
      if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("notices a connection that went silent without an error (its health check gets no answer), and listens again", async () => {
    const target = new URL(database.url!);
    const relay = await freezableRelay(target);
    const viaRelay = new URL(database.url!);
    viaRelay.port = String(relay.port);
    const heard: string[] = [];
    let resumptions = 0;
    const stop = await listenOnOwnConnection(
      { connectionString: viaRelay.toString() },
      "silent_test",
      { onPayload: (p) => heard.push(p), onResumed: () => (resumptions += 1) },
      { healthCheckMs: 100, answerMs: 300 },
    );
    try {
      await notify("silent_test", "before");
      await until(() => heard.includes("before"), scaled(1_000));
      relay.freeze();
      await notify("silent_test", "while frozen");
      await until(() => resumptions === 1, scaled(2_000));
      await notify("silent_test", "after");
      await until(() => heard.includes("after"), scaled(1_000));
      expect(heard).not.toContain("while frozen");
    } finally {
      await stop();
      await relay.close();
    }
  });

  it("says why when the database cannot be reached at the start, rather than waiting", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await expect(
      listenOnOwnConnection({ connectionString: `postgres://postgres@127.0.0.1:${closed}/postgres` }, "nobody", {
        onPayload: () => undefined,
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
