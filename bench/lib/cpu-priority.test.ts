import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ownThreads, processTree, threadsOfTrees, withLowPriority } from "./cpu-priority";

/** Each thread's nice value in a process (field 19 of /proc/<pid>/task/<tid>/stat), by thread id. */
function nicenessByThread(pid: number): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      niceness.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return niceness;
}

const nicenessOfThreads = (pid: number): number[] => [...nicenessByThread(pid).values()];

/** The nice values of those of `tids` that still run. */
const nicenessOf = (pid: number, tids: Iterable<number>): number[] => {
  const now = nicenessByThread(pid);
  return [...tids].filter((tid) => now.has(tid)).map((tid) => now.get(tid)!);
};

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

/** A node process (several threads) that starts a child of its own and says its pid. */
async function parentWithChild(): Promise<{ parent: number; child: number }> {
  const parent = spawn(process.execPath, [
    "-e",
    `const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
     process.on("SIGTERM", () => { c.kill(); process.exit(0); });
     console.log(c.pid); setInterval(() => {}, 1000);`,
  ]);
  started.push(parent);
  const child = await new Promise<number>((resolve) =>
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  started.push({ kill: () => process.kill(child, "SIGKILL") } as ChildProcess);
  return { parent: parent.pid!, child };
}

describe("withLowPriority", () => {
  it("finds a process's descendants", async () => {
    const { parent, child } = await parentWithChild();
    expect(processTree(parent)).toEqual(expect.arrayContaining([parent, child]));
    expect(processTree(parent)).not.toContain(process.pid);
  });

  it("lowers every thread of every process in the tree while measuring, and puts them back after", async () => {
    const { parent, child } = await parentWithChild();
    expect(nicenessOfThreads(parent).length).toBeGreaterThan(1);
    const before = new Set([...nicenessOfThreads(parent), ...nicenessOfThreads(child)]);
    expect(before).not.toContain(19);
    const during = await withLowPriority(threadsOfTrees([parent]), 19, async () => [
      ...nicenessOfThreads(parent),
      ...nicenessOfThreads(child),
    ]);
    expect(new Set(during)).toEqual(new Set([19]));
    // Raising a priority back needs root; elsewhere the benchmark only warns.
    if (process.getuid?.() === 0) expect(new Set([...nicenessOfThreads(parent), ...nicenessOfThreads(child)])).toEqual(before);
  });

  it("puts them back when the measurement fails", async () => {
    const { parent } = await parentWithChild();
    const before = new Set(nicenessOfThreads(parent));
    await expect(
      withLowPriority(threadsOfTrees([parent]), 19, async () => {
        throw new Error("lighthouse failed");
      }),
    ).rejects.toThrow("lighthouse failed");
    if (process.getuid?.() === 0) expect(new Set(nicenessOfThreads(parent))).toEqual(before);
  });

  it("lowers only this process's own threads when asked, not a child it started", async () => {
    if (process.getuid?.() !== 0) return; // its own priority back needs root
    const { parent } = await parentWithChild();
    const child = new Set(nicenessOfThreads(parent));
    // The threads named when it is called: this worker's process may start more of its own meanwhile
    // (another test file's), which are none of this measurement's business.
    const ownBefore = nicenessByThread(process.pid);
    const during = await withLowPriority(ownThreads, 19, async () => ({
      own: nicenessOf(process.pid, ownBefore.keys()),
      child: nicenessOfThreads(parent),
    }));
    expect(during.own.length).toBeGreaterThan(0);
    expect(new Set(during.own)).toEqual(new Set([19]));
    expect(new Set(during.child)).toEqual(child);
    expect(new Set(nicenessOf(process.pid, ownBefore.keys()))).toEqual(new Set(ownBefore.values()));
  });
});
