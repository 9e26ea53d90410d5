/**
 * The paired A/B loop of the overhead benchmarks: a bare baseline call and the PayDesk call it is
 * measured against, one of each per iteration, alternating which goes first so neither always gets
 * the warmer socket or the idle database. Both see the same machine at the same moment, which on a
 * shared machine matters more than the number of iterations.
 */
import { median, percentile } from "./results";

export interface PairedOptions {
  iterations: number;
  warmup: number;
  /** The bare call (A). `i` is the iteration; warm-up calls get i ≥ 1,000,000. */
  baseline: (i: number) => Promise<void>;
  /** The call being measured (B), with the same `i` as its baseline. */
  subject: (i: number) => Promise<void>;
}

/** Milliseconds per call, in iteration order: baseline[i] and subject[i] are one pair. */
export interface PairedTimes {
  baseline: number[];
  subject: number[];
}

export const WARMUP_OFFSET = 1_000_000;

async function timeOf(fn: (i: number) => Promise<void>, i: number): Promise<number> {
  const t = performance.now();
  await fn(i);
  return performance.now() - t;
}

export async function runPaired({ iterations, warmup, baseline, subject }: PairedOptions): Promise<PairedTimes> {
  for (let i = 0; i < warmup; i++) {
    await baseline(WARMUP_OFFSET + i);
    await subject(WARMUP_OFFSET + i);
  }
  const times: PairedTimes = { baseline: [], subject: [] };
  for (let i = 0; i < iterations; i++) {
    if (i % 2 === 0) {
      times.baseline.push(await timeOf(baseline, i));
      times.subject.push(await timeOf(subject, i));
    } else {
      times.subject.push(await timeOf(subject, i));
      times.baseline.push(await timeOf(baseline, i));
    }
  }
  return times;
}

export interface PairedSummary {
  baselineP50: number;
  subjectP50: number;
  /** subject p50 − baseline p50. */
  overheadP50: number;
  /** subject p50 ÷ baseline p50. */
  ratioP50: number;
  /** The overhead taken pair by pair (each call against the baseline beside it), then its median. */
  pairedOverheadP50: number;
  baselineAt(p: number): number;
  subjectAt(p: number): number;
}

export function summarizePaired(times: PairedTimes): PairedSummary {
  const baseline = [...times.baseline].sort((a, b) => a - b);
  const subject = [...times.subject].sort((a, b) => a - b);
  const baselineP50 = median(baseline);
  const subjectP50 = median(subject);
  return {
    baselineP50,
    subjectP50,
    overheadP50: subjectP50 - baselineP50,
    ratioP50: subjectP50 / baselineP50,
    pairedOverheadP50: median(times.subject.map((s, i) => s - times.baseline[i]!)),
    baselineAt: (p) => percentile(baseline, p),
    subjectAt: (p) => percentile(subject, p),
  };
}
