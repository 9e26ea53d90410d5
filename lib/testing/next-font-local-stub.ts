/**
 * `next/font/local` outside Next's build: Next's compiler replaces each call with the font's class
 * names at build time, and without it the module exports nothing callable. Tests that render a page
 * carrying the console font (components/console/console-font.ts) get empty class names instead; which
 * font draws the Thai is checked in the browser (e2e/thai-fonts.spec.ts).
 */
export default function localFont(): { className: string; variable: string; style: { fontFamily: string } } {
  return { className: "", variable: "", style: { fontFamily: "" } };
}
