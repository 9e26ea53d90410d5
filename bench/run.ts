/**
 * `npm run bench` runs every benchmark; `npm run bench -- <name>` runs one (bench/<name>.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts")
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; available: ${available.join(", ")}.`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  // react-server: PayDesk's server modules import "server-only", which only loads under that condition.
  const result = spawnSync(
    path.join(dir, "..", "node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join(dir, `${name}.ts`)],
    { stdio: "inherit" },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
