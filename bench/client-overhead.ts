/**
 * bench/client-overhead: what lib/payment-api adds to a Pay-In submit (request schema, Basic auth,
 * timeout, response parsing into typed satang) over the same submit made with a bare fetch —
 * limiter disabled, same sandbox process, alternating A/B so both see the same conditions. Both
 * sides send the identical HTTP request (checked on a capture server first), so the difference is
 * the client's own work: input schema, timeout, response schemas.
 * Targets: p50 overhead at most 2 ms and a p50 ratio at most 1.10.
 */
import { createPaymentApi } from "../lib/payment-api/client";
import { captureRequest, requestDifferences } from "./lib/capture-request";
import { figure, median, percentile, writeResults } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";
import { failureText } from "../lib/payment-api/result";
import { payInRequest } from "../lib/requests/contract";

const ITERATIONS = 1_500;
const WARMUP = 200;

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ SANDBOX_PROFILE: "spec" });
  try {
    await measure(sandbox);
  } finally {
    await sandbox.stop();
  }
}

type Merchant = Awaited<ReturnType<typeof startSandboxProcess>>["merchants"][number];

/** The client, limiter disabled, for one merchant at one provider. */
function clientFor(baseUrl: string, m: Merchant) {
  return createPaymentApi({ baseUrl, timeoutMs: 15_000, limiter: null }).forMerchant({
    orgId: m.orgId,
    merchantId: m.merchantId,
    submitKey: m.submitKey,
    readKey: m.readKey,
    label: m.name,
  });
}

/**
 * The bare fetch, sending exactly the request the client sends (checked by sameWire): the client
 * asks for `cache: "no-store"` (Next.js would otherwise cache server fetches), which undici puts
 * on the wire as Pragma and Cache-Control, so the bare request carries them as plain headers.
 */
function bareFor(baseUrl: string, m: Merchant) {
  const url = `${baseUrl}/api/PaymentRequest/org/${m.orgId}/action/SubmitPayInRequest/${m.merchantId}`;
  const headers = {
    Accept: "application/json",
    Authorization: `Basic ${Buffer.from(`api:${m.submitKey}`).toString("base64")}`,
    "Content-Type": "application/json",
    Pragma: "no-cache",
    "Cache-Control": "no-cache",
  };
  return async (refId1: string, amountSatang: number) => {
    const res = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ RefId1: refId1, PayerName: "Bench", RequestedAmount: amountSatang / 100, Currency: "THB", QrProvider: "PP" }),
    });
    const body = (await res.json()) as { status: string };
    if (body.status !== "OK") throw new Error(`bare submit failed: ${body.status}`);
  };
}

/** Both sides against a capture server with the same RefId1 and amount: the requests must be identical. */
async function sameWire(m: Merchant): Promise<void> {
  const reply = { status: 200, json: { status: "OK", description: "Success", paymentResponse: { id: "wire-check", status: "Pending", requestedAmount: 20.01 } } };
  const viaClient = await captureRequest((base) => clientFor(base, m).submitPayIn(payInRequest({ refId1: "WIRE-1", payerName: "Bench", amountSatang: 2_001, qrProvider: "PP" })), reply);
  const viaBare = await captureRequest((base) => bareFor(base, m)("WIRE-1", 2_001), reply);
  const differences = requestDifferences(viaClient, viaBare, ["the client", "the bare fetch"]);
  if (differences.length > 0) throw new Error(`The bare fetch must send what the client sends, but:\n${differences.join("\n")}`);
}

async function measure(sandbox: Awaited<ReturnType<typeof startSandboxProcess>>): Promise<void> {
  const m = sandbox.merchants[0]!;
  await sameWire(m);
  const api = clientFor(sandbox.url, m);
  const bareSubmit = bareFor(sandbox.url, m);
  const run = Date.now().toString(36);
  // Varied amounts so the sandbox's unique satang never run out; both sides send the same amount
  // and RefId1s of the same length, so the sandbox does the same work for each.
  const amount = (i: number) => 2_000 + ((i * 7_919) % 4_000_000);

  const bare = (i: number) => bareSubmit(`B${run}-${i}`, amount(i));
  const client = async (i: number) => {
    const result = await api.submitPayIn(payInRequest({ refId1: `C${run}-${i}`, payerName: "Bench", amountSatang: amount(i), qrProvider: "PP" }));
    if (!result.ok) throw new Error(`client submit failed: ${failureText(result)}`);
  };

  const timeOf = async (fn: (i: number) => Promise<void>, i: number) => {
    const t = performance.now();
    await fn(i);
    return performance.now() - t;
  };
  for (let i = 0; i < WARMUP; i++) {
    await bare(1_000_000 + i);
    await client(1_000_000 + i);
  }
  const bareTimes: number[] = [];
  const clientTimes: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    // Alternate which goes first so neither always gets the warmer socket.
    if (i % 2 === 0) {
      bareTimes.push(await timeOf(bare, i));
      clientTimes.push(await timeOf(client, i));
    } else {
      clientTimes.push(await timeOf(client, i));
      bareTimes.push(await timeOf(bare, i));
    }
  }
  bareTimes.sort((a, b) => a - b);
  clientTimes.sort((a, b) => a - b);
  const bareP50 = median(bareTimes);
  const clientP50 = median(clientTimes);
  writeResults(
    "client-overhead",
    {
      bare_fetch_submit_ms_p50: figure(bareP50, "ms"),
      client_submit_ms_p50: figure(clientP50, "ms"),
      client_overhead_vs_bare_fetch_ms_p50: figure(clientP50 - bareP50, "ms", { atMost: 2 }),
      client_vs_bare_fetch_ratio_p50: figure(clientP50 / bareP50, "ratio", { atMost: 1.1 }),
      bare_fetch_submit_ms_p99: figure(percentile(bareTimes, 99), "ms"),
      client_submit_ms_p99: figure(percentile(clientTimes, 99), "ms"),
    },
    { iterations: ITERATIONS, warmup: WARMUP, profile: "spec", limiter: "disabled", order: "alternating A/B", wire: "identical requests (checked before measuring)" },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
