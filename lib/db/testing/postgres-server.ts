/**
 * A throw-away PostgreSQL server for tests: Debian's binaries, a temp data folder, a free port,
 * fsync off (unless asked to be durable). As root, initdb refuses to run, so the server runs as the `postgres` user.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresServer {
  url: (database: string) => string;
  /** Stops the server for good and deletes its data. */
  stop(): void;
  /**
   * An outage: stops the server (`fast` ends every session with "terminating connection due to
   * administrator command", as a restart does; `immediate` drops them as a crash does) but keeps
   * its data, so `start()` brings the same databases back on the same port.
   */
  halt(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** The postmaster's process id while it runs (its first line in postmaster.pid). */
  pid(): number | null;
}

export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /**
   * Keep Postgres's durability settings (fsync, synchronous commit, full-page writes), as a
   * production server has them: for benchmarks whose figures rest on "durably stored".
   */
  durable?: boolean;
  /** A fixed port (a test that must stay inside its own port range); else a free one. */
  port?: number;
}

export async function startPostgres(bin: string, startOptions: StartOptions = {}): Promise<PostgresServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-pg-"));
  const dataDir = path.join(dir, "data");
  const port = startOptions.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  const commandLine = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
  const run = (command: string, args: string[]) => {
    const result = spawnSync(...commandLine(command, args), { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const fast = startOptions.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"];
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...fast, "-c max_connections=200"];
  // Outages run without blocking the event loop, so the test's own connections see the server go
  // as a running PayDesk would.
  const runAsync = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(...commandLine(command, args), { encoding: "utf8" }, (error, stdout, stderr) =>
        error ? reject(new Error(`${command} failed: ${stderr || stdout}`)) : resolve(),
      );
    });
  const startArgs = ["-D", dataDir, "-o", options.join(" "), "-l", path.join(dir, "log"), "-w", "-t", "30", "start"];
  const stopArgs = (mode: "fast" | "immediate") => ["-D", dataDir, "-m", mode, "-w", "stop"];
  let running = true;
  run("pg_ctl", startArgs);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        if (running) run("pg_ctl", stopArgs("immediate"));
      } finally {
        running = false;
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    async halt(mode = "immediate") {
      await runAsync("pg_ctl", stopArgs(mode));
      running = false;
    },
    async start() {
      await runAsync("pg_ctl", startArgs);
      running = true;
    },
    pid() {
      try {
        return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]) || null;
      } catch {
        return null;
      }
    },
  };
}
