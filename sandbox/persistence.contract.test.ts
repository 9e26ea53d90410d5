/**
 * PayDesk keeps provider ids for ever, so the sandbox's state must survive a restart: the journal
 * (store.ts), the seeded credentials, and the process itself (main.ts) starting and stopping
 * cleanly.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { payInBody, restartTestSandbox, startTestSandbox, type TestSandbox } from "./testing/harness";
import type { Json } from "./testing/json";
import { scaled } from "@/lib/testing/vitest-project";

const alive: TestSandbox[] = [];
afterAll(async () => {
  for (const sb of alive) await sb.dispose();
});

async function submitPayIn(sb: TestSandbox, body = payInBody()): Promise<Record<string, Json>> {
  const res = await sb.submit("SubmitPayInRequest", sb.coffee, body);
  expect(res.status).toBe(200);
  const envelope = (await res.json()) as Record<string, Json>;
  expect(envelope.status).toBe("OK");
  return envelope.paymentResponse as Record<string, Json>;
}

async function readById(sb: TestSandbox, id: string): Promise<Record<string, Json>> {
  const res = await sb.call("GetPaymentRequestById", { key: sb.coffee.readKey, rest: id });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, Json>;
  expect(body.status, JSON.stringify(body)).toBe("OK");
  return body.paymentRequest as Record<string, Json>;
}

/** "/payin-slip-upload/{org}/{id}/{token}" → the anonymous VerifyPayInToken answer. */
async function verifySlipUrl(sb: TestSandbox, slipUploadUrl: string): Promise<string> {
  const [, , orgId, id, token] = slipUploadUrl.split("/");
  const res = await sb.call("VerifyPayInToken", { orgId, rest: `${id}/${token}` });
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

describe("state across a restart", () => {
  it("keeps requests, RefId1 uniqueness, keys and slip tokens", async () => {
    let sb = await startTestSandbox("spec");
    alive.push(sb);
    const body = payInBody({ RefId2: "kept" });
    const before = await submitPayIn(sb, body);
    const keysBefore = [sb.coffee, sb.gadgets].map((m) => [m.merchantId, m.submitKey, m.readKey]);
    const urlBefore = sb.url;

    sb = await restartTestSandbox(sb);
    alive.push(sb);
    expect(sb.url).not.toBe(urlBefore); // really a new server (port 0 again)

    // The seeded merchants and keys are the same ones; nothing was seeded again.
    expect([sb.coffee, sb.gadgets].map((m) => [m.merchantId, m.submitKey, m.readKey])).toEqual(keysBefore);
    expect((await sb.control<{ merchants: unknown[] }>("GET", "/info")).body.merchants).toHaveLength(2);

    const after = await readById(sb, before.id);
    expect(after).toMatchObject({
      id: before.id,
      refId1: body.RefId1,
      refId2: "kept",
      status: "Pending",
      generatedAmount: before.generatedAmount,
    });

    const dup = await sb.submit("SubmitPayInRequest", sb.coffee, payInBody({ RefId1: body.RefId1 }));
    expect(((await dup.json()) as { status: string }).status).toBe("REF_ID1_DUPLICATE");

    expect(await verifySlipUrl(sb, before.slipUploadUrl)).toBe("OK");

    // The amount index is rebuilt too: a transfer of the exact amount still matches the request.
    const paid = await sb.control<Json>("POST", `/requests/${before.id}/pay`, {});
    expect(paid.body).toMatchObject({ matched: true, request: { status: "Paid" } });
  });

  it("keeps what happened to requests: statuses, payout rounds, P2P links, slips, duplicates, settings, webhooks and disabled keys", async () => {
    let sb = await startTestSandbox("spec");
    alive.push(sb);
    const ok = async (method: string, pathname: string, body?: unknown) => {
      const res = await sb.control<Json>(method, pathname, body);
      expect(res.status, `${method} ${pathname} ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const paid = await submitPayIn(sb);
    const rejected = await submitPayIn(sb);
    const withSlip = await submitPayIn(sb);
    const payoutRes = await sb.submit("SubmitPayOutRequest", sb.gadgets, {
      RefId1: `PO-${Date.now()}`,
      RequestedAmount: 1000,
      QrProvider: "PP",
      BankCode: "KBANK",
      BankAccountNo: "0123456789",
      BankAccountName: "Somchai",
    });
    const payout = ((await payoutRes.json()) as Record<string, Json>).paymentResponse as Record<string, Json>;
    const p2pRes = await sb.submit("SubmitPayInRequestP2P", sb.coffee, payInBody({ RequestedAmount: 200 }));
    const p2p = ((await p2pRes.json()) as Record<string, Json>).paymentResponse as Record<string, Json>;

    await ok("POST", `/requests/${paid.id}/pay`, {});
    await ok("POST", `/requests/${rejected.id}/reject`, { statusCode: "ERR_TEST", reason: "kept after restart" });
    await ok("POST", `/requests/${payout.id}/payout`, { amount: "300.00" });
    const token = String(withSlip.slipUploadUrl).split("/").at(-1);
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const up = await sb.call("UploadPayInSlipById", {
      rest: `${withSlip.id}/${token}`,
      body: { ImageBase64: png, First4: "KP12", Last4: "KP34", Note: "kept" },
    });
    expect(((await up.json()) as { status: string }).status).toBe("OK");
    await ok("PATCH", `/merchants/${sb.coffee.merchantId}`, { payinExpireMinutes: 42 });
    await ok("PUT", `/merchants/${sb.gadgets.merchantId}/webhook`, { url: "http://127.0.0.1:9/hooks", headers: { "X-Kept": "yes" } });
    const extraKey = (await ok("POST", "/keys", { merchantId: sb.coffee.merchantId, roles: ["VIEWER"] })).key as string;
    await ok("PATCH", `/keys/${extraKey}`, { status: "Disabled" });

    sb = await restartTestSandbox(sb);
    alive.push(sb);

    expect(await readById(sb, paid.id)).toMatchObject({ status: "Paid" });
    expect(await readById(sb, rejected.id)).toMatchObject({
      status: "Rejected",
      statusCode: "ERR_TEST",
      statusReason: "kept after restart",
    });
    const payoutRead = await sb.call("GetPaymentRequestById", { key: sb.gadgets.readKey, rest: payout.id });
    expect(((await payoutRead.json()) as Record<string, Json>).paymentRequest).toMatchObject({
      status: "Pending",
      totalPayOutPaidAmountDecimal: 300,
    });
    expect((await sb.control<Json>("GET", `/requests/${p2p.id}`)).body).toMatchObject({
      status: "Pending",
      payinPeer2PeerPayoutId: payout.id,
    });
    // The paid-out round and the P2P reservation both still count: 1000 - 300 - 200 = 500 may be paid out, not more.
    expect((await sb.control("POST", `/requests/${payout.id}/payout`, { amount: "500.01" })).status).toBe(400);

    const slips = await sb.call("GetPayInSlipUpload", { key: sb.coffee.readKey, rest: withSlip.id });
    expect(((await slips.json()) as Record<string, Json>).slips).toEqual([
      expect.objectContaining({ imageBase64: png, first4: "KP12", last4: "KP34", note: "kept" }),
    ]);
    const dup = await sb.call("CheckPayInSlipDup", { rest: `${paid.id}/KP12/KP34` });
    expect(((await dup.json()) as Record<string, Json>).duplicates.map((d: Record<string, Json>) => d.documentId)).toEqual([withSlip.id]);

    const next = await submitPayIn(sb);
    expect(Date.parse(next.expireAt) - Date.parse(next.createdAt)).toBe(42 * 60_000);
    const deliveries = await sb.control<Json[]>("GET", `/webhooks/deliveries?requestId=${paid.id}`);
    // The delivery log from before the restart is still there (coffee has no webhook URL: "no-config").
    expect(deliveries.body.map((d) => [d.event, d.outcome])).toEqual([["PaymentIn.Success", "no-config"]]);
    await sb.control("POST", `/requests/${payout.id}/reject`, { reason: "after restart" });
    await sb.control("POST", "/webhooks/settle");
    const sent = await sb.control<Json[]>("GET", `/webhooks/deliveries?requestId=${payout.id}`);
    expect(sent.body.map((d) => [d.event, d.url, d.headerNames])).toContainEqual([
      "PaymentOut.Rejected",
      "http://127.0.0.1:9/hooks",
      ["X-Kept"],
    ]);
    const disabled = await sb.call("GetPaymentRequestById", { key: extraKey, rest: paid.id });
    expect(disabled.status).toBe(401);
  });

  it("loads a journal whose last line is torn, and keeps appending cleanly afterwards", async () => {
    let sb = await startTestSandbox("spec");
    alive.push(sb);
    const kept = await submitPayIn(sb);
    await sb.close();

    // What a crash in the middle of a write leaves: half of a record, no newline.
    const journal = path.join(sb.dataDir, "state.jsonl");
    const lost = JSON.stringify({ c: "requests", v: { id: "11111111-1111-4111-8111-111111111111", orgId: "demo", refId1: "TORN" } });
    fs.appendFileSync(journal, lost.slice(0, Math.floor(lost.length / 2)));

    sb = await restartTestSandbox(sb); // closes the already closed one again: harmless
    alive.push(sb);
    expect((await readById(sb, kept.id)).id).toBe(kept.id);
    expect((await sb.control("GET", "/requests/11111111-1111-4111-8111-111111111111")).status).toBe(404);
    // Every line of the rewritten journal parses again.
    for (const line of fs.readFileSync(journal, "utf8").split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();

    // A record written after the torn line must not be glued onto it.
    const next = await submitPayIn(sb);
    sb = await restartTestSandbox(sb);
    alive.push(sb);
    expect((await readById(sb, next.id)).id).toBe(next.id);
    expect((await readById(sb, kept.id)).id).toBe(kept.id);
  });
});

describe("the sandbox process (sandbox/main.ts)", () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Our env minus any SANDBOX_* of the developer's shell, plus the given variables. */
  function env(vars: Record<string, string>): NodeJS.ProcessEnv {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("SANDBOX_")));
    // Next's types make NODE_ENV required on ProcessEnv; a child inherits whatever ours is.
    return { ...clean, ...vars } as NodeJS.ProcessEnv;
  }

  function run(vars: Record<string, string>) {
    // The command `npm run sandbox` runs (checked below): node itself, with tsx as a loader.
    const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], { env: env(vars), stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    const out = { stdout: "", stderr: "" };
    child.stdout?.on("data", (c: Buffer) => (out.stdout += c.toString("utf8")));
    child.stderr?.on("data", (c: Buffer) => (out.stderr += c.toString("utf8")));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    return { child, out, exited };
  }

  async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  it("starts on port 0, prints its real URL and the seeded keys, writes credentials.json 0600, and stops on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-sandbox-main-"));
    dirs.push(dataDir);
    const { child, out, exited } = run({ SANDBOX_PORT: "0", SANDBOX_DATA_DIR: dataDir });

    const url = await within(
      scaled(10_000),
      "the listening line",
      new Promise<string>((resolve, reject) => {
        const look = () => {
          const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))\s*$/m.exec(out.stdout);
          // The credential lines follow the URL in the same write; wait for both.
          if (m && /readKey=.*\n.*readKey=/s.test(out.stdout)) resolve(m[1] ?? "");
        };
        child.stdout?.on("data", look);
        void exited.then(({ code }) => reject(new Error(`exited early with ${code}: ${out.stderr}`)));
        look();
      }),
    );
    expect(Number(new URL(url).port)).toBeGreaterThan(0);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const file = path.join(dataDir, "credentials.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const creds = JSON.parse(fs.readFileSync(file, "utf8")) as { baseUrl: string; merchants: Record<string, string>[] };
    expect(creds.baseUrl).toBe(url);
    expect(creds.merchants).toHaveLength(2);
    for (const m of creds.merchants) {
      expect(m.submitKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(m.readKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(m.submitKey).not.toBe(m.readKey);
      expect(out.stdout).toContain(`merchantId=${m.merchantId} submitKey=${m.submitKey} readKey=${m.readKey}`);
    }
    // The printed keys work against the printed URL.
    const first = creds.merchants[0]!;
    const res = await fetch(`${url}/api/PaymentRequest/org/${first.orgId}/action/SubmitPayInRequest/${first.merchantId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Basic ${Buffer.from(`api:${first.submitKey}`).toString("base64")}` },
      body: JSON.stringify(payInBody({ RequestedAmount: 150 })),
    });
    expect(((await res.json()) as { status: string }).status).toBe("OK");

    child.kill("SIGTERM");
    expect(await within(scaled(5_000), "the exit after SIGTERM", exited)).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "state.jsonl"))).toBe(true);
  });

  it("stops cleanly on SIGTERM even when the signal finds it busy (the tsx CLI wrapper SIGKILLed a child that took more than 60 ms to answer)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-sandbox-main-"));
    dirs.push(dataDir);
    const { child, out, exited } = run({ SANDBOX_PORT: "0", SANDBOX_DATA_DIR: dataDir });
    await within(
      scaled(10_000),
      "the listening line",
      new Promise<void>((resolve) => {
        const look = () => /listening on http/.test(out.stdout) && resolve();
        child.stdout?.on("data", look);
        look();
      }),
    );
    // A busy machine, made certain: the process cannot run for 300 ms while the signal waits.
    child.kill("SIGSTOP");
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGCONT");
    expect(await within(scaled(5_000), "the exit after SIGTERM", exited)).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "state.jsonl"))).toBe(true);
  });

  it("the commands that start long-running processes run node with tsx as a loader, not the tsx CLI wrapper", () => {
    const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["start", "dev", "sandbox"]) expect(scripts[name], name).toMatch(/^node --import tsx /);
    for (const file of [
      "scripts/start.ts",
      "playwright.config.ts",
      "scripts/e2e-deployed.sh",
      "bench/lib/sandbox-process.ts",
      "e2e/console/live-profile.spec.ts",
    ]) {
      expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/\.bin\/tsx|bin\("tsx"\)/);
    }
  });

  it("exits with code 2 and one sentence naming the variable on a bad config value", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-sandbox-main-"));
    dirs.push(dataDir);
    const { out, exited } = run({ SANDBOX_PROFILE: "foo", SANDBOX_DATA_DIR: dataDir });
    expect(await within(scaled(10_000), "the exit", exited)).toEqual({ code: 2, signal: null });
    const lines = out.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SANDBOX_PROFILE/);
    expect(lines[0]).toMatch(/spec, live/);
    expect(lines[0]).toMatch(/"foo"/);
    expect(out.stdout).toBe("");
    // Nothing was started or written.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
