/**
 * Draws the page's QR (its SVG, or the provider's image) onto a white card with the amount and the
 * merchant's name, and downloads it as PNG. Loaded on demand by SaveQrButton. The text is drawn by
 * the phone itself, so Thai names render with the phone's own Thai fonts.
 */
const QR_PX = 720;
const PAD = 48;

export async function saveQrImage({
  qrId,
  amountText,
  merchantName,
  fileName,
}: {
  qrId: string;
  amountText: string;
  merchantName: string;
  fileName: string;
}): Promise<void> {
  const holder = document.getElementById(qrId);
  if (!holder) throw new Error("no QR on the page");
  const qr = await imageOf(holder);
  const canvas = document.createElement("canvas");
  canvas.width = QR_PX + PAD * 2;
  canvas.height = QR_PX + PAD * 2 + 150;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("no canvas");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  // Crisp modules: no smoothing when a small drawing is scaled up.
  g.imageSmoothingEnabled = false;
  g.drawImage(qr, PAD, PAD, QR_PX, QR_PX);
  g.fillStyle = "#0f172a";
  g.textAlign = "center";
  g.font = "bold 56px system-ui, sans-serif";
  g.fillText(amountText, canvas.width / 2, QR_PX + PAD + 80, canvas.width - PAD * 2);
  g.font = "36px system-ui, sans-serif";
  g.fillText(merchantName, canvas.width / 2, QR_PX + PAD + 135, canvas.width - PAD * 2);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("could not encode PNG");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

async function imageOf(holder: HTMLElement): Promise<HTMLImageElement> {
  const img = holder.querySelector("img");
  const svg = holder.querySelector("svg");
  const src = img
    ? img.src
    : svg
      ? URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(withSize(svg))], { type: "image/svg+xml" }))
      : null;
  if (!src) throw new Error("no QR image");
  const image = new Image();
  image.decoding = "sync";
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error("could not read the QR"));
    image.src = src;
  });
  if (!img) URL.revokeObjectURL(src);
  return image;
}

/** A copy of the SVG drawn at the card's size, so it rasterises sharp instead of being stretched. */
function withSize(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", String(QR_PX));
  copy.setAttribute("height", String(QR_PX));
  return copy;
}
