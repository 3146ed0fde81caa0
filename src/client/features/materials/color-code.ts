/** #rrggbb or #rgb, the codes a native `<input type="color">` understands once expanded. */
function hexValue(text: string): string | null {
  const long = /^#([0-9a-f]{6})$/i.exec(text);
  if (long) return `#${long[1]?.toLowerCase()}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (!short) return null;
  const [, r = "", g = "", b = ""] = short;
  return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
}

let canvasContext: CanvasRenderingContext2D | null | undefined;

/** Any colour the browser paints (rgb(), hsl(), a name) as #rrggbb, via a canvas's fillStyle. */
function browserHexValue(text: string): string | null {
  if (typeof document === "undefined" || !isPaintableColor(text)) return null;
  canvasContext ??= document.createElement("canvas").getContext("2d");
  if (!canvasContext) return null;
  canvasContext.fillStyle = "#000000";
  canvasContext.fillStyle = text;
  // Opaque colours come back as #rrggbb; translucent ones as rgba(), which the picker cannot show.
  return hexValue(String(canvasContext.fillStyle));
}

/** The value a native `<input type="color">` shows for a colour code: #rrggbb, else black. */
export function toPickerValue(code: string | null | undefined): string {
  const text = (code ?? "").trim();
  return hexValue(text) ?? browserHexValue(text) ?? "#000000";
}

/** Whether the browser can paint `code` (hex, rgb(), a colour name); other references get no swatch. */
export function isPaintableColor(code: string | null | undefined): code is string {
  return Boolean(code && typeof CSS !== "undefined" && CSS.supports("color", code));
}
