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
  {
    // A product file over 300 lines is two things wearing one name: split it along its seams. One
    // that truly is one unit says why in an `eslint-disable max-lines -- …` line at its top.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "pages/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"],
    rules: { "max-lines": ["warn", { max: 300 }] },
  },
  ...boundaries,
];

export default config;
