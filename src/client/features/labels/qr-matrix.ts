import QRCode from "qrcode";

/**
 * The dark modules of a QR code (qrcode, no network), as an SVG path in module units, with its
 * size. Error correction M: a label survives a scuff; a roll code fits version 1 or 2.
 */
export function qrMatrix(value: string): {
  size: number;
  path: string;
  dark: (row: number, col: number) => boolean;
} {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
  const size = modules.size;
  const dark = (row: number, col: number) => modules.get(row, col) === 1;
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      // Runs of dark modules on a row as one rectangle each: a small path.
      if (!dark(row, col)) continue;
      let end = col;
      while (end + 1 < size && dark(row, end + 1)) end++;
      parts.push(`M${col} ${row}h${end - col + 1}v1h-${end - col + 1}z`);
      col = end;
    }
  }
  return { size, path: parts.join(""), dark };
}
