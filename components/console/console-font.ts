import localFont from "next/font/local";

/**
 * The console's self-hosted Noto Sans Thai (@fontsource files, served by PayDesk: no font service
 * at run time), so Thai reads the same on every staff device. Two faces, each limited to its script
 * with unicode-range, so a page only downloads the script it shows. No size-adjusted fallback face:
 * it would carry no unicode-range and catch every character before the Latin face.
 */
const thai = localFont({
  src: [
    { path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2", weight: "400" },
    { path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-600-normal.woff2", weight: "600" },
  ],
  variable: "--font-paydesk-thai",
  display: "swap",
  adjustFontFallback: false,
  declarations: [{ prop: "unicode-range", value: "U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC" }],
});

const latin = localFont({
  src: [
    { path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff2", weight: "400" },
    { path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-latin-600-normal.woff2", weight: "600" },
  ],
  variable: "--font-paydesk-latin",
  display: "swap",
  adjustFontFallback: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
    },
  ],
});

/**
 * On the outermost element of every staff page (console, print, sign-in, home, and one's own
 * account pages under app/account): defines the font variables and applies them.
 */
export const consoleFontClass = `${thai.variable} ${latin.variable} font-sans`;
