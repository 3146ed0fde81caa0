import { z } from "zod";

/** Text that is trimmed before checking; `message` is the spec's "required" wording. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/** Optional free text: trimmed, blank becomes null. */
export function optionalText(max = 1000) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const idSchema = z.coerce
  .number({ error: "Must be a number" })
  .int("Must be a whole number")
  .positive("Must be a positive id")
  .max(2_147_483_647, "Id is too large");

export const idParamsSchema = z.object({ id: idSchema });

/** The key under which names are compared: trimmed, Unicode-normalised, case-folded. */
export function nameKey(name: string): string {
  return name.trim().normalize("NFKC").toLocaleLowerCase("und");
}

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format yyyy-MM-dd")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Not a real calendar date");

/** An id repeated in a PUT body (the spec's client sends it); optional, compared with the path's id. */
export const bodyIdSchema = idSchema.nullish();
