/**
 * openapi-typescript prints its types with TypeScript's JavaScript compiler API (`ts.factory`),
 * which TypeScript 7 — PayDesk's compiler — does not have: inside openapi-typescript alone,
 * "typescript" is TypeScript 6, installed beside it as `typescript6` for the linter's parser too
 * (scripts/eslint/typescript6.cjs). Registered only in the child process that generates the
 * merchant API's types (./generate-openapi-types.mjs).
 */
export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) return next("typescript6", context);
  return next(specifier, context);
}
