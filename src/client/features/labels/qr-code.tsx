import { useMemo } from "react";
import { t } from "../../i18n";
import { qrMatrix } from "./qr-matrix";

/** Quiet zone around the code, in modules (the standard asks 4; labels have a white margin too). */
const QUIET = 2;

/** A QR code of `value` as crisp SVG (prints sharp at any size). */
export function QrCode({ value, className }: { value: string; className?: string }) {
  const { size, path } = useMemo(() => qrMatrix(value), [value]);
  const box = size + QUIET * 2;
  return (
    <svg
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      className={className}
      role="img"
      aria-label={t("labels.qr", { code: value })}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
