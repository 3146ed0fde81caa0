import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from "@zxing/library";
import { describe, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { qrMatrix } from "./qr-matrix";

/** Rasterises the matrix (4 px a module, a white quiet zone) and reads it back with zxing. */
function decode(value: string): string {
  const { size, dark } = qrMatrix(value);
  const scale = 4;
  const quiet = 4;
  const width = (size + quiet * 2) * scale;
  const luminance = new Uint8ClampedArray(width * width).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      if (row >= 0 && col >= 0 && row < size && col < size && dark(row, col)) luminance[y * width + x] = 0;
    }
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, width)));
  return new QRCodeReader().decode(bitmap).getText();
}

describe("label QR codes", () => {
  it.each([1, 123, 999_999, 1_234_567])("encode roll %i's code so that a decoder reads it back", (id) => {
    expect(decode(formatRollCode(id))).toBe(formatRollCode(id));
  });

  it("draws each dark module exactly once in its path", () => {
    const { size, path, dark } = qrMatrix("R000042");
    let darkCount = 0;
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (dark(r, c)) darkCount++;
    const drawn = [...path.matchAll(/h(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(drawn).toBe(darkCount);
  });
});
