import type { Config } from "tailwindcss";

// Tailwind v4 reads its configuration from CSS; app/globals.css loads this file with @config so
// the theme lives in one typed place.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#0f766e", dark: "#115e59", light: "#ccfbf1" },
      },
      fontFamily: {
        // The self-hosted faces (components/console/console-font.ts) where a page defines them.
        sans: [
          "var(--font-paydesk-thai)",
          "var(--font-paydesk-latin)",
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Noto Sans Thai",
          "Sarabun",
          "sans-serif",
        ],
      },
    },
  },
};

export default config;
