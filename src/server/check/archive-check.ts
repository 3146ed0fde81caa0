import { type Kysely, sql } from "kysely";
import { centiToYards } from "../../domain/yards";
import type { Database } from "../db/schema";

/** An archived warehouse or material that still holds stock (CONTRACT.md section 5 "Archive"). */
export interface ArchivedStockOffence {
  problem: "archived warehouse holds stock" | "archived material holds stock";
  kind: "warehouse" | "material";
  id: number;
  name: string;
  yards: number;
}

/**
 * For `npm run check`: archiving refuses a warehouse or material with stock, and a posting and an
 * archive lock each other (posting/references.ts, archive.ts); this lists any row that slipped
 * through anyway (from before that lock, or written around the app).
 */
export async function checkArchivedStock(db: Kysely<Database>): Promise<ArchivedStockOffence[]> {
  const warehouses = await db
    .selectFrom("warehouses as w")
    .innerJoin("balances as b", "b.warehouse_id", "w.id")
    .select(["w.id", "w.name", sql<string>`sum(b.yards_centi)`.as("centi")])
    .where("w.is_active", "=", 0)
    .where("b.yards_centi", ">", 0)
    .groupBy(["w.id", "w.name"])
    .orderBy("w.id")
    .execute();
  const materials = await db
    .selectFrom("materials as m")
    .innerJoin("balances as b", "b.material_id", "m.id")
    .select([
      "m.id",
      sql<string>`m.type_name || ' / ' || m.color_name`.as("name"),
      sql<string>`sum(b.yards_centi)`.as("centi"),
    ])
    .where("m.is_active", "=", 0)
    .where("b.yards_centi", ">", 0)
    .groupBy(["m.id", "m.type_name", "m.color_name"])
    .orderBy("m.id")
    .execute();
  return [
    ...warehouses.map((w) => ({
      problem: "archived warehouse holds stock" as const,
      kind: "warehouse" as const,
      id: w.id,
      name: w.name,
      yards: centiToYards(w.centi),
    })),
    ...materials.map((m) => ({
      problem: "archived material holds stock" as const,
      kind: "material" as const,
      id: m.id,
      name: m.name,
      yards: centiToYards(m.centi),
    })),
  ];
}
