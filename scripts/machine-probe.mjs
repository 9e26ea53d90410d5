#!/usr/bin/env node
/**
 * How fast is this machine right now, in the ways the test suite pays for (docs/DESIGN.md §19)?
 * Prints three figures, each the median of three tries:
 *
 * - `loop`:  a pure CPU loop (3×10⁸ steps): the processor itself.
 * - `fault`: touching 256 MB of fresh memory, one write per 4 KB page: what a new page of memory
 *            costs the kernel (and, in a virtual machine, its host). Every new browser renderer,
 *            Node worker and PGlite instance pays it for each page it touches.
 * - `spawn`: starting `/bin/true`: what a new process costs.
 *
 * `node scripts/machine-probe.mjs` takes about five seconds. Run it with the machine quiet: under
 * load every figure grows with the number of runnable threads, not with the machine.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (since) => Number(process.hrtime.bigint() - since) / 1e9;

function loop() {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 3e8; i += 1) sum += i & 7;
  if (sum < 0) console.log(sum);
  return seconds(started);
}

const PAGE = 4096;
const TOUCHED = 256 * 1024 * 1024;
function touch() {
  const started = process.hrtime.bigint();
  const memory = Buffer.allocUnsafeSlow(TOUCHED);
  for (let i = 0; i < memory.length; i += PAGE) memory[i] = 1;
  return seconds(started);
}

function spawn() {
  const started = process.hrtime.bigint();
  for (let i = 0; i < 20; i += 1) execFileSync("/bin/true");
  return seconds(started) / 20;
}

const loopS = median([loop(), loop(), loop()]);
const touchS = median([touch(), touch(), touch()]);
const spawnS = median([spawn(), spawn(), spawn()]);
const microsPerPage = (touchS / (TOUCHED / PAGE)) * 1e6;
console.log(
  [
    new Date().toISOString(),
    `loop ${loopS.toFixed(2)} s`,
    `fault ${microsPerPage.toFixed(1)} µs a page (256 MB in ${touchS.toFixed(2)} s)`,
    `spawn ${(spawnS * 1000).toFixed(1)} ms`,
    `load ${os.loadavg()[0].toFixed(2)}`,
  ].join("  "),
);
