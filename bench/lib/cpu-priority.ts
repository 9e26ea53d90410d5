/**
 * The server side of a benchmark out of the measured browser's way: on this machine PayDesk, the
 * sandbox and Postgres share two cores with the browser, where a payer's phone has its CPU to
 * itself. Lighthouse counts a main-thread task by its wall time, so a task the browser had to wait
 * for a core to finish is counted as the page's (docs/DESIGN.md §8).
 *
 * Linux keeps a nice value per thread, so every thread of every process in the trees is set, and
 * the same ones are put back after (processes started meanwhile, such as a Postgres backend, have
 * inherited the lowered value and are put back too).
 */
import fs from "node:fs";
import os from "node:os";

/** A process and all its descendants, as /proc lists them now. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

function parentOf(pid: number): number | null {
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null; // gone meanwhile
  }
}

function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/**
 * Runs `measure` with every thread of the given process trees at `niceness`, then puts each back
 * as it was. Where the system refuses (raising a priority back needs root), the benchmark says so
 * and goes on: its figures are then only less favourable than they would be.
 */
export async function withLowPriority<T>(rootPids: number[], niceness: number, measure: () => Promise<T>): Promise<T> {
  const threads = () => rootPids.flatMap((pid) => processTree(pid)).flatMap(threadsOf);
  const before = new Map<number, number>();
  for (const tid of threads()) {
    try {
      before.set(tid, os.getPriority(tid));
      os.setPriority(tid, niceness);
    } catch {
      // a thread that ended meanwhile
    }
  }
  try {
    return await measure();
  } finally {
    const usual = before.size ? Math.min(...before.values()) : 0;
    let refused = false;
    for (const tid of threads()) {
      try {
        os.setPriority(tid, before.get(tid) ?? usual);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") refused = true;
      }
    }
    if (refused)
      console.warn(`[bench] could not give the server's processes their priority back (needs root); later figures may be slower`);
  }
}
