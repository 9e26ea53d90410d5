/**
 * Zod probes `new Function` the first time it parses an object, to compile a faster parser; under
 * PayDesk's Content-Security-Policy (no 'unsafe-eval', security-headers.ts) the browser refuses it
 * and reports a violation although zod catches the error. Jitless, zod never probes.
 *
 * Set through the global object zod keeps its configuration in (the same one `z.config()`
 * returns), whether zod has loaded yet or not: importing zod here to call `z.config` put ~5 KB gz
 * of it on every customer page, which uses no zod at all. zod-jitless.test.ts holds zod to that.
 */
export function makeZodJitless(): void {
  const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
