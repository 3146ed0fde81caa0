import type { DialectName } from "../db/database";

/** TEST_DIALECTS=sqlite,postgres (the default) lists the databases the server suite runs on. */
export function testDialects(): DialectName[] {
  const raw = process.env.TEST_DIALECTS ?? "sqlite,postgres";
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names) {
    if (n !== "sqlite" && n !== "postgres") throw new Error(`TEST_DIALECTS: unknown dialect "${n}"`);
  }
  return names as DialectName[];
}
