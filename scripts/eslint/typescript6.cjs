// ESLint's TypeScript parser (typescript-eslint) needs TypeScript 6's JavaScript API; the project's
// compiler is TypeScript 7 (`node_modules/.bin/tsc`), so TypeScript 6 is installed beside it under the
// alias `typescript6`. Inside the ESLint process, every `require("typescript")` is answered with it.
// Loaded by eslint.config.mjs before the configs that load the parser.
const Module = require("node:module");

const typescript6 = require.resolve("typescript6");
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript6(request, ...rest) {
  if (request === "typescript") return typescript6;
  return resolve.call(this, request, ...rest);
};
