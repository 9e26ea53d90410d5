// Import boundaries (docs/DESIGN.md §3.1): which layer may import which. Type-only imports cross freely:
// they vanish at build time, so a component may name a row type without pulling the database in.
// Tests sit beside the code they test and may reach anything.

const database = {
  group: ["@/lib/db", "@/lib/db/**", "**/lib/db", "**/lib/db/**", "@/lib/**/queries", "**/lib/**/queries"],
  allowTypeImports: true,
  message: "Components do not read the database: the page or action loads the rows and passes them in (type imports are fine).",
};
const providerDatabase = {
  group: ["@/lib/db", "@/lib/db/**", "**/lib/db", "**/lib/db/**", "../db", "../db/**"],
  allowTypeImports: true,
  message: "Only lib/provider/index.ts wires the database into the provider client (type imports are fine).",
};
const staffAuth = {
  group: ["@/lib/auth", "@/lib/auth/**", "**/lib/auth", "**/lib/auth/**"],
  message: "Customer pages never import staff auth (lib/http/ has what a public route needs).",
};
const consoleComponents = {
  group: ["@/components/console", "@/components/console/**", "**/components/console", "**/components/console/**"],
  message: "Customer pages never import console components.",
};

const tests = ["**/*.test.ts", "**/*.test.tsx"];
// One block per set of files: flat config replaces a rule's options rather than merging them, so a file
// that two boundaries cover gets both sets of patterns from one block.
const restrict = (files, ...patterns) => ({
  files,
  ignores: tests,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
});

const customerComponents = ["components/checkout/**", "components/slip/**"];

export const boundaries = [
  restrict(["components/**"], database),
  restrict(customerComponents, database, staffAuth, consoleComponents),
  // pages/: the hosted checkout and the slip page, served by the Pages Router.
  restrict(
    ["app/checkout/**", "app/payin-slip-upload/**", "pages/checkout/**", "pages/payin-slip-upload/**"],
    staffAuth,
    consoleComponents,
  ),
  { ...restrict(["lib/provider/**"], providerDatabase), ignores: ["lib/provider/index.ts", ...tests] },
];
