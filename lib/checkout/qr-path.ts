/**
 * A shorter drawing of the same QR. qrcode.react draws each run of dark modules as a filled
 * rectangle, `M13 2h2v1H13z`; the same run as a one-module-wide stroke along the row's middle is
 * `m4 0h2` once the pen is on the row. The checkout's payment QR drops from ~8.5 KB to ~3.9 KB of
 * path (2.3 → 0.8 KB gzipped), and it is sent twice — in the HTML and again in the page's RSC
 * payload — so the customer's first HTML is ~6 KB gzipped smaller on a slow phone network with both
 * QRs (bench/customer-pages measures it). Same modules, same pixels: the tests compare the two bitmaps.
 */

/** One run of dark modules: row `y`, columns `x` to `x + length - 1`. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

/** The runs of qrcode.react's foreground path (`M{x} {y}h{w}v1H{x}z`, or `M{x},{y} h{w}v1H{x}z` at a row's end). */
export function runsOfQrcodeReactPath(d: string): QrRun[] {
  const runs: QrRun[] = [];
  const op = /M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g;
  let consumed = 0;
  for (let m = op.exec(d); m; m = op.exec(d)) {
    if (m.index !== consumed) throw new Error(`unexpected QR path at ${consumed}: ${d.slice(consumed, consumed + 20)}`);
    consumed = op.lastIndex;
    runs.push({ x: Number(m[1]), y: Number(m[2]), length: Number(m[3]) });
  }
  if (consumed !== d.length) throw new Error(`unexpected QR path at ${consumed}: ${d.slice(consumed, consumed + 20)}`);
  return runs;
}

/**
 * The runs as strokes of width 1 (draw with `stroke-width="1"`, no fill): each row starts with an
 * absolute move to its middle line, further runs on the row move relative to the last one's end.
 */
export function strokePathOf(runs: readonly QrRun[]): string {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  let out = "";
  let row = -1;
  let penX = 0;
  for (const run of sorted) {
    out += run.y === row ? `m${run.x - penX} 0h${run.length}` : `M${run.x} ${run.y}.5h${run.length}`;
    row = run.y;
    penX = run.x + run.length;
  }
  return out;
}
