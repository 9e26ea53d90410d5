/**
 * bench/client-overhead: what lib/provider adds to a Pay-In submit (request schema, Basic auth,
 * timeout, response parsing into typed satang) over the same submit made with a bare fetch —
 * limiter disabled, same sandbox process, alternating A/B so both see the same conditions. Both
 * sides send the identical HTTP request (checked on a capture server first), so the difference is
 * the client's own work: input schema, timeout, response schemas.
 * Targets: p50 overhead at most 2 ms and a p50 ratio at most 1.10.
 */
import { createPaymentApi } from "../lib/provider/client";
import { bareSubmitPayIn, proveSameRequest } from "./lib/bare-submit";
import { runPaired, summarizePaired } from "./lib/paired";
import { figure, writeResults } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";
import { failureText } from "../lib/provider-words/failures";
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

async function measure(sandbox: Awaited<ReturnType<typeof startSandboxProcess>>): Promise<void> {
  const m = sandbox.merchants[0]!;
  // The bare submit every overhead bench shares (bench/lib/bare-submit.ts), proven to send what the client sends.
  await proveSameRequest("the client", m, (base, sample) =>
    clientFor(base, m).submitPayIn(
      payInRequest({ refId1: sample.refId1, payerName: "Bench", amountSatang: sample.amountSatang, qrProvider: "PP" }),
    ),
  );
  const api = clientFor(sandbox.url, m);
  const bareSubmit = bareSubmitPayIn(sandbox.url, m);
  const run = Date.now().toString(36);
  // Varied amounts so the sandbox's unique satang never run out; both sides send the same amount
  // and RefId1s of the same length, so the sandbox does the same work for each.
  const amount = (i: number) => 2_000 + ((i * 7_919) % 4_000_000);

  // The alternating A/B loop (bench/lib/paired.ts).
  const times = await runPaired({
    iterations: ITERATIONS,
    warmup: WARMUP,
    baseline: (i) => bareSubmit(`B${run}-${i}`, amount(i)),
    subject: async (i) => {
      const result = await api.submitPayIn(
        payInRequest({ refId1: `C${run}-${i}`, payerName: "Bench", amountSatang: amount(i), qrProvider: "PP" }),
      );
      if (!result.ok) throw new Error(`client submit failed: ${failureText(result)}`);
    },
  });
  const s = summarizePaired(times);
  writeResults(
    "client-overhead",
    {
      bare_fetch_submit_ms_p50: figure(s.baselineP50, "ms"),
      client_submit_ms_p50: figure(s.subjectP50, "ms"),
      client_overhead_vs_bare_fetch_ms_p50: figure(s.overheadP50, "ms", { atMost: 2 }),
      client_vs_bare_fetch_ratio_p50: figure(s.ratioP50, "ratio", { atMost: 1.1 }),
      bare_fetch_submit_ms_p99: figure(s.baselineAt(99), "ms"),
      client_submit_ms_p99: figure(s.subjectAt(99), "ms"),
    },
    {
      iterations: ITERATIONS,
      warmup: WARMUP,
      profile: "spec",
      limiter: "disabled",
      order: "alternating A/B",
      wire: "identical requests (checked before measuring)",
    },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
