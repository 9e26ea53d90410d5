/**
 * Which Vitest project a test file runs in, and the check that keeps a file in the right one.
 * The project is chosen by the file's name alone (vitest.config.ts), so a file that starts a
 * database or a server under the plain `*.test.ts` name would otherwise run in `unit`, without
 * the global set-up it needs; these checks make it fail saying which name to give it instead.
 */
import { expect, inject } from "vitest";

export type VitestProject = "unit" | "storage" | "contract";

declare module "vitest" {
  export interface ProvidedContext {
    vitestProject: VitestProject;
    /** TEST_TIME_FACTOR: every timeout in the suite is multiplied by it (vitest.config.ts). */
    testTimeFactor: number;
  }
}

/** How each project's files are named: the one rule for where a new test goes. */
export const FILE_NAMES: Record<VitestProject, string> = {
  unit: "*.test.ts",
  storage: "*.db.test.ts",
  contract: "*.contract.test.ts",
};

export function currentProject(): VitestProject | undefined {
  return inject("vitestProject");
}

/** Milliseconds scaled by TEST_TIME_FACTOR, for a test's own waits on a condition (never for a sleep). */
export function scaled(ms: number): number {
  return ms * (inject("testTimeFactor") ?? 1);
}

/**
 * Throws unless the running file is in one of `projects`; `what` names the thing it tried to use
 * ("a test database", "a sandbox").
 */
export function requireProject(what: string, projects: readonly VitestProject[]): void {
  const project = currentProject();
  if (project && projects.includes(project)) return;
  const file = expect.getState().testPath ?? "this test file";
  const wanted = projects.map((p) => `${FILE_NAMES[p]} (the ${p} project)`).join(" or ");
  throw new Error(`${file} uses ${what}, which the ${project ?? "unknown"} project does not provide: rename it to ${wanted} with git mv.`);
}
