import type { z } from "zod";
import { errorText } from "./error-text";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A preprocess step for a posting body. Fields the posting does not know are ignored (the spec's
 * client may send more), except one that is a known field spelled another way (`rollID`,
 * `unit_cost`, `warehouse_id`): ignored, it would post something else than the clerk meant (any
 * roll instead of the one named), so it is refused (400), naming the field and the one meant.
 */
export function misspelledFieldsRefused(headerKeys: readonly string[], itemKeys: readonly string[]) {
  return (raw: unknown, ctx: z.RefinementCtx): unknown => {
    const check = (value: unknown, known: readonly string[], path: (string | number)[]) => {
      if (!isRecord(value)) return;
      const folded = new Map(known.map((k) => [k.toLowerCase(), k]));
      for (const key of Object.keys(value)) {
        if (known.includes(key)) continue;
        const meant = folded.get(key.toLowerCase().replace(/[_\s-]/g, ""));
        if (meant) {
          ctx.addIssue({
            code: "custom",
            path: [...path, key],
            message: errorText("UNKNOWN_FIELD_SUGGESTION", { field: key, meant }),
            input: value,
          });
        }
      }
    };
    check(raw, headerKeys, []);
    if (isRecord(raw) && Array.isArray(raw.items)) {
      raw.items.forEach((item, i) => {
        check(item, itemKeys, ["items", i]);
      });
    }
    return raw;
  };
}
