/**
 * One PayDesk instance's background loop in an OS process of its own, for the kill -9 tests
 * (lib/outbound-webhooks, lib/bulk, lib/notify: crash.db.test.ts): the test kills it with SIGKILL,
 * so nothing of it may live in the test's process. The parent forks a `testing/worker-process.ts`
 * with tsx and the react-server condition (under which "server-only" loads as an empty module, as
 * bench/ does); the child says "ready" over IPC once its loop runs, and on "stop" stops it and exits 0.
 */
import { fork, type ChildProcess } from "node:child_process";

export interface WorkerProcess {
  child: ChildProcess;
  /** The signal that ended it (SIGKILL) or its exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Forks `script` with `env` added to the test's; resolves once the child says it is ready. */
export async function forkWorkerProcess(script: string, env: Record<string, string>): Promise<WorkerProcess> {
  const child = fork(script, [], {
    execArgv: ["--import", "tsx", "--conditions=react-server"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("error", reject);
    void exited.then((how) => reject(new Error(`the worker process ended before it was ready (${String(how)})`)));
  });
  return { child, exited };
}

/** The child's side, once its loop runs: "ready" to the parent; on "stop", `stop()` and exit 0. Kept open until then. */
export function serveWorkerProcess(stop: () => Promise<void>): void {
  if (!process.send) throw new Error("a worker process needs an IPC channel (forkWorkerProcess)");
  // The loops' timers do not hold a process open (unref): this one is kept until it is stopped or killed.
  const keepOpen = setInterval(() => {}, 60_000);
  process.on("message", (message) => {
    if (message !== "stop") return;
    void stop().then(() => {
      clearInterval(keepOpen);
      process.exit(0);
    });
  });
  process.send("ready");
}
