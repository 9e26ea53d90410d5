/**
 * Benchmark results in the shape docs/DESIGN.md §8 fixes: printed as a table and written to
 * bench/results/<name>.json. Timings on shared machines are noisy, so benchmarks report medians
 * of several rounds and ratios against a baseline measured in the same run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Figure {
  value: number;
  unit: string;
  /** e.g. ">= 500"; null when the figure is informational. */
  target: string | null;
  met: boolean | null;
}

export function figure(value: number, unit: string, target?: { atLeast?: number; atMost?: number }): Figure {
  if (!target) return { value: round(value), unit, target: null, met: null };
  if (target.atLeast !== undefined) return { value: round(value), unit, target: `>= ${target.atLeast}`, met: value >= target.atLeast };
  return { value: round(value), unit, target: `<= ${target.atMost}`, met: value <= (target.atMost ?? Infinity) };
}

export function writeResults(name: string, figures: Record<string, Figure>, notes: Record<string, unknown> = {}): string {
  const result = {
    name,
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "unknown", node: process.version },
    figures,
    notes,
  };
  const dir = path.resolve(import.meta.dirname, "..", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  const rows = Object.entries(figures).map(([key, f]) => [
    key,
    `${f.value} ${f.unit}`,
    f.target ?? "",
    f.met === null ? "" : f.met ? "met" : "NOT MET",
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), ["figure", "value", "target", ""][i]!.length));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${name}`);
  console.log(line(["figure", "value", "target", ""]));
  for (const r of rows) console.log(line(r));
  console.log(`→ ${path.relative(process.cwd(), file)}`);
  return file;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}
