// `node_modules/.bin/tsc` must be the project's TypeScript 7. The linter's parser needs TypeScript 6's
// JavaScript API, installed beside it under the alias `typescript6` (scripts/eslint/typescript6.cjs), and that
// package ships a `tsc` too: a fresh install links TypeScript 7's (npm links in path order), but an
// install that adds or updates only `typescript6` links its own over it. Runs as postinstall (after a
// plain `npm install` or `npm ci`; `npm install <package>` runs no postinstall) and from scripts/test.sh.
import { lstat, mkdir, readlink, rm, symlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const link = join(root, "node_modules", ".bin", "tsc");
const target = "../typescript/bin/tsc";

const current = await readlink(link).catch(() => null);
if (current !== target) {
  await lstat(join(root, "node_modules", "typescript", "bin", "tsc"));
  await mkdir(dirname(link), { recursive: true });
  await rm(link, { force: true });
  await symlink(target, link);
  console.log(`node_modules/.bin/tsc -> ${target} (was ${current ?? "missing"})`);
}
