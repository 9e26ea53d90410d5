/** How long paid Pay-Ins took, from the 5 % histogram the rollup keeps (migration 0027): its quantiles and the chart's bins. */

/** Paid Pay-Ins by how long they took: up to `upToSeconds` (null: longer than the last bin). */
export interface PayTimeBin {
  upToSeconds: number | null;
  count: number;
}
export const PAY_TIME_BINS = [60, 120, 300, 600, 1_800, 3_600, null] as const;

/** The time-to-pay histogram's bucket b holds [1.05^b, 1.05^(b+1)) seconds (migration 0027). */
export const BUCKET_BASE = 1.05;

/** The seconds at the q-th quantile of a 5 % histogram: the middle of the bucket it falls in. */
export function quantileOfBuckets(buckets: Array<{ bucket: number; n: number }>, q: number): number | null {
  const sorted = [...buckets].filter((b) => b.n > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (const b of sorted) {
    seen += b.n;
    if (seen >= rank) return Math.round(BUCKET_BASE ** (b.bucket + 0.5));
  }
  return Math.round(BUCKET_BASE ** (sorted.at(-1)!.bucket + 0.5));
}

/** The histogram's 5 % buckets gathered into the chart's bins, each bucket by its middle. */
export function binsOf(buckets: Array<{ bucket: number; n: number }>): PayTimeBin[] {
  const bins = PAY_TIME_BINS.map((upToSeconds) => ({ upToSeconds, count: 0 }));
  for (const b of buckets) {
    const seconds = BUCKET_BASE ** (b.bucket + 0.5);
    const bin = bins.find((x) => x.upToSeconds === null || seconds <= x.upToSeconds)!;
    bin.count += b.n;
  }
  return bins;
}
