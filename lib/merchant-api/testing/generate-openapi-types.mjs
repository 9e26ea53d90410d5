/**
 * Reads an OpenAPI document (JSON) on stdin and writes its TypeScript types (openapi-typescript)
 * on stdout. Run by ./openapi-types.ts in a child process, with ./typescript6-hook.mjs registered.
 */
import { register } from "node:module";

register("./typescript6-hook.mjs", import.meta.url);
const { default: openapiTS, astToString } = await import("openapi-typescript");

let input = "";
for await (const chunk of process.stdin) input += chunk;
const ast = await openapiTS(JSON.parse(input), { exportType: true });
process.stdout.write(astToString(ast));
