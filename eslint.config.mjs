import "./scripts/eslint/typescript6.cjs";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { boundaries } from "./scripts/eslint/boundaries.mjs";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ["node_modules/**", ".next/**", ".data/**", "test-results/**", ".test-reports/**", "bench/results/**", "public/**"],
  },
  {
    settings: { next: { rootDir: "." } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright's fixtures hand the test a function named `use`; it is not React's `use` hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  ...boundaries,
];

export default config;
