/**
 * What a browser downloads: every module a client component ("use client") reaches through its
 * imports is bundled for the browser, and a Node built-in among them (node:crypto for one random id)
 * is not refused by the build but replaced by a polyfill, hundreds of kilobytes on a console page.
 * This walks the import graph from each client component and names any Node built-in it reaches,
 * with the chain of files that leads there.
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib"];
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith("_")));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const directive = (name: string) => new RegExp(`^(?:\\s*(?:\\/\\/[^\\n]*|\\/\\*[\\s\\S]*?\\*\\/)\\s*)*["']${name}["']`);
const isClientComponent = (text: string) => directive("use client").test(text);
/** A "use server" module reaches the browser as references to its actions, never as its code. */
const isServerActions = (text: string) => directive("use server").test(text);

/** The module specifiers a file loads at run time: `import type` and all-`type` specifier lists are left out, as the compiler drops them. */
export function runtimeImports(text: string): string[] {
  const found: string[] = [];
  const fromClause = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
  for (const match of text.matchAll(fromClause)) {
    if (match[2]) continue;
    const braces = /^\{([\s\S]*)\}$/.exec(match[3]!.trim());
    const names = braces
      ? braces[1]!
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
      : null;
    if (names && names.length > 0 && names.every((name) => name.startsWith("type "))) continue;
    found.push(match[4]!);
  }
  for (const match of text.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(match[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isBuiltin = (specifier: string) => specifier.startsWith("node:") || BUILTINS.has(specifier.split("/")[0]!);

/** Each Node built-in reachable from a client component, as "component → … → module imports node:x". */
function builtinsReachedByClientCode(): string[] {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const entries = files.filter((file) => isClientComponent(fs.readFileSync(file, "utf8")));
  const findings = new Set<string>();
  const seen = new Set<string>();
  const queue: Array<{ file: string; chain: string[] }> = entries.map((file) => ({ file, chain: [path.relative(ROOT, file)] }));
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    if (isServerActions(text)) continue;
    for (const specifier of runtimeImports(text)) {
      if (isBuiltin(specifier)) findings.add(`${chain.join(" → ")} imports ${specifier}`);
      else if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const next = resolveLocal(file, specifier);
        if (next) queue.push({ file: next, chain: [...chain, path.relative(ROOT, next)] });
      }
    }
  }
  return [...findings].sort();
}

describe("the code a browser downloads", () => {
  it("reads what a file imports at run time, leaving out what is only types", () => {
    const text = [
      `import { a, type B } from "./a";`,
      `import type { C } from "./c";`,
      `import { type D, type E } from "./d";`,
      `import {\n  f,\n  g,\n} from "./f";`,
      `export { h } from "./h";`,
      `export type { I } from "./i";`,
      `import "./side-effect";`,
      `const lazy = () => import("./lazy");`,
    ].join("\n");
    expect(runtimeImports(text).sort()).toEqual(["./a", "./f", "./h", "./lazy", "./side-effect"]);
  });

  it("reaches no Node built-in from a client component (the browser would get a polyfill)", () => {
    expect(builtinsReachedByClientCode()).toEqual([]);
  });
});
