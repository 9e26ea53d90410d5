/**
 * What is not the measured browser out of its way: on this machine PayDesk, the sandbox, Postgres
 * and Lighthouse itself share two cores with the browser, where a payer's phone has its CPU to
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

/** Every thread of the given processes and their descendants, as they stand when called. */
export const threadsOfTrees = (rootPids: number[]) => () => rootPids.flatMap((pid) => processTree(pid)).flatMap(threadsOf);

/** Every thread of this process (not its children: a browser it launched keeps its priority). */
export const ownThreads = () => threadsOf(process.pid);

/**
 * Runs `measure` with every thread `threads` names at `niceness`, then puts each back as it was
 * (threads started meanwhile inherited the lowered value and are put back too). Where the system
 * refuses (raising a priority back needs root), the benchmark says so and goes on: its figures
 * are then only less favourable than they would be.
 */
export async function withLowPriority<T>(threads: () => number[], niceness: number, measure: () => Promise<T>): Promise<T> {
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
    if (refused) console.warn(`[bench] could not give processes their CPU priority back (needs root); later figures may be slower`);
  }
}
