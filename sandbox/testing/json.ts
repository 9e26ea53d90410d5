/**
 * A response body as the sandbox's contract tests read it. The tests assert the provider's shapes field
 * by field (PascalCase beside camelCase, numbers as strings, fields that come and go); the assertion is
 * the check, and a declared type would only restate it, so the body stays untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the assertions type the body
export type Json = any;
