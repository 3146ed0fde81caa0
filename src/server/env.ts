import path from "node:path";
import { z } from "zod";
import { isCurrencyCode } from "../domain/money";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * The address browsers use (https://stock.example.com): mutations are accepted only from this
   * origin. Meant for a reverse proxy that does not pass the Host header on.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => {
      if (v === "") return true;
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== "null";
      } catch {
        return false;
      }
    }, "PUBLIC_URL must be an http:// or https:// address such as https://stock.example.com")
    .optional()
    .transform((v) => (v ? new URL(v).origin : undefined)),
  INITIAL_ADMIN_USERNAME: z.string().optional(),
  INITIAL_ADMIN_PASSWORD: z.string().optional(),
  /** The installation's one currency (CONTRACT.md section 11): an ISO 4217 code. */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, "CURRENCY must be an ISO 4217 currency code such as USD, EUR or IDR")
    .default("USD"),
  /**
   * Decision 012: when the server has been quiet for a second and its RSS is over this many MB, it
   * runs one memory-reducing collection. 0 turns it off.
   */
  IDLE_RELEASE_ABOVE_MB: z.coerce.number().int().min(0).default(160),
  /**
   * CONTRACT.md section 16: how far past its yards a purchase order line may be received, in percent.
   * Checked here so a bad value stops the start; the posting reads it from the environment.
   */
  PO_TOLERANCE_PERCENT: z.coerce
    .number({ error: "PO_TOLERANCE_PERCENT must be a number of percent such as 5" })
    .min(0, "PO_TOLERANCE_PERCENT cannot be negative")
    .max(1000, "PO_TOLERANCE_PERCENT is at most 1000")
    .default(5),
});

export type Env = z.infer<typeof EnvSchema> & { sqliteFile: string };

/** Parses the environment once at start-up; a bad value stops the process with one clear line. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${lines}`);
  }
  return { ...parsed.data, sqliteFile: path.resolve(parsed.data.DATA_DIR, "fabric-inventory.db") };
}
