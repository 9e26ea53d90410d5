/**
 * CPU time (ms) used so far by the Postgres server behind a database — the postmaster and every
 * process it started — from /proc; null where there is none (or for PGlite, which runs in ours).
 * With rates this noisy on a shared machine, CPU per item is the steadier measure of work.
 * (The same reading as bench/webhook-ingest.ts's.)
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../lib/db/client";

export async function serverCpuMs(database: Database): Promise<number | null> {
  if (database.kind !== "postgres" || !fs.existsSync("/proc/self/stat")) return null;
  const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
  const statOf = (pid: string | number) => {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name: state ppid … utime(12) stime(13), in clock ticks (100 a second).
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  };
  const postmaster = statOf(rows[0]!.pid).ppid;
  let total = statOf(postmaster).cpuMs;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = statOf(pid);
      if (stat.ppid === postmaster) total += stat.cpuMs;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
