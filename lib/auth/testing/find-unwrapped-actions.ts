/**
 * The checker behind lib/auth/actions-registry.test.ts: finds every server-action module ("use
 * server" as its first statement) under the given folders, imports each, and reports every export
 * that defineAction did not build. A "use server" directive anywhere else (an inline action inside
 * a component or function) is reported too: such an action cannot be enumerated, so it is not
 * allowed at all.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDefinedAction } from "../action";

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
const SKIP_DIRS = new Set(["node_modules", ".next", ".git"]);
const DIRECTIVE = /^\s*(["'])use server\1\s*;?\s*$/;

export interface ActionScan {
  /** Files whose first statement is "use server". */
  actionModules: string[];
  problems: string[];
}

export function listSourceFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(full));
    else if (SOURCE.test(entry.name) && !/\.test\.[a-z]+$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** Strips leading comments and blank lines, to see whether the directive is the first statement. */
function startsWithUseServer(source: string): boolean {
  const rest = source.replace(/^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  return /^(["'])use server\1\s*;?/.test(rest);
}

export async function scanServerActions(
  roots: string[],
  importModule: (file: string) => Promise<Record<string, unknown>> = (f) => import(pathToFileURL(f).href),
): Promise<ActionScan> {
  const actionModules: string[] = [];
  const problems: string[] = [];
  for (const file of roots.flatMap(listSourceFiles).sort()) {
    const source = fs.readFileSync(file, "utf8");
    const isModule = startsWithUseServer(source);
    if (isModule) actionModules.push(file);
    const lines = source.split("\n");
    const firstDirective = isModule ? lines.findIndex((line) => DIRECTIVE.test(line)) : -1;
    lines.forEach((line, index) => {
      if (DIRECTIVE.test(line) && index !== firstDirective) {
        problems.push(`${file}:${index + 1}: an inline "use server" action; move it into an actions module built with defineAction`);
      }
    });
  }
  for (const file of actionModules) {
    const exports = await importModule(file);
    for (const [name, value] of Object.entries(exports)) {
      if (!isDefinedAction(value)) problems.push(`${file}: export "${name}" is not built by defineAction (lib/auth/action.ts)`);
    }
  }
  return { actionModules, problems };
}
