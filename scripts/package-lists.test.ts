/**
 * package.json's two lists mean what they say: `dependencies` is what a deployed PayDesk runs
 * (npm start: the app, its sandbox, the start script), `devDependencies` what only tests, benches
 * and the build's checks use. A runtime package nothing imports, or a type or test package among
 * the runtime ones, fails here with its name.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Runtime packages no source file names in an import, each with why it is one all the same. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  "react-dom": "Next renders with it; no PayDesk file imports it by name",
  "@fontsource/noto-sans-thai": "its font files are read by path (app/customer.css, components/console/console-font.ts)",
};

function runtimeSources(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["node_modules", ".next", "testing"].includes(entry.name)) walk(full);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ["app", "components", "lib", "pages", "sandbox"]) walk(path.join(root, dir));
  for (const file of ["proxy.ts", "next.config.mjs", "scripts/start.ts"]) files.push(path.join(root, file));
  return files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

describe("package.json's lists", () => {
  it("holds no type or test package among the runtime dependencies", () => {
    const misplaced = Object.keys(pkg.dependencies).filter((name) =>
      /^@types\/|^@playwright\/|^vitest$|^@axe-core\/|^@microsoft\/signalr$|^eslint|^prettier$/.test(name),
    );
    expect(misplaced).toEqual([]);
  });

  it("has every runtime dependency imported by the code a deployment runs, or says why not", () => {
    const sources = runtimeSources();
    const unused = Object.keys(pkg.dependencies).filter(
      (name) => !(name in USED_WITHOUT_IMPORT) && !new RegExp(`["']${escape(name)}(/[^"']*)?["']`).test(sources),
    );
    expect(unused).toEqual([]);
  });

  it("lists no package twice", () => {
    const both = Object.keys(pkg.dependencies).filter((name) => name in pkg.devDependencies);
    expect(both).toEqual([]);
  });
});
