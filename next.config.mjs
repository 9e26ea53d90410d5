/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files that must stay in node_modules (docs/stack-notes.md §6.9).
  // @node-rs/argon2 loads a native .node binary that must not be bundled either; pdfkit reads its
  // font metrics from files beside its code (the receipts, lib/receipts/pdf.ts).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "exceljs", "pdfkit", "fontkit"],
  // forbidden() answers 403 with app/(console)/forbidden.tsx when a role cannot open a page.
  // inlineCss: each page's stylesheet goes into its HTML instead of a render-blocking request; the
  // customer's pages (app/customer.css, ~3 KB) paint one round trip sooner on a slow phone network.
  // serverActions.bodySizeLimit: a bulk Pay-Out file may be 1 MB (lib/bulk/csv.ts MAX_FILE_BYTES), and
  // the form's other fields and multipart framing come on top of it (Next's default is 1 MB in all).
  // turbopackFileSystemCacheForBuild: a build on a fresh CI clone has no cache to reuse, and writing
  // one took 25 s of a loaded 2-core runner; elsewhere it speeds the next build, so it stays on.
  experimental: {
    authInterrupts: true,
    inlineCss: true,
    serverActions: { bodySizeLimit: "2mb" },
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // npm test type-checks in a lane beside the build (scripts/test.sh), so its build skips the same
  // tsc run; any other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.PAYDESK_TYPECHECKED === "1" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
