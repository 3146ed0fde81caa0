import type { Kysely } from "kysely";
import type { z } from "zod";
import { nameKey } from "../../../domain/common";
import { NAME_DEFAULT_SORT } from "../../../domain/list-sorts";
import { type Material, MaterialInputSchema } from "../../../domain/material";
import { type Supplier, SupplierInputSchema } from "../../../domain/supplier";
import { type Warehouse, WarehouseInputSchema } from "../../../domain/warehouse";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { insertMaterial, listMaterials, updateMaterial } from "../materials/materials.repository";
import { insertSupplier, listSuppliers, updateSupplier } from "../suppliers/suppliers.repository";
import { insertWarehouse, listWarehouses, updateWarehouse } from "../warehouses/warehouses.repository";
import type { CellValue, FieldSpec } from "./columns";

export type RowValues = Record<string, CellValue>;

/** A field's refusal, by the input field's key; the plan turns it into the column's header. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * One kind of file (CONTRACT.md section 13): its columns, its natural key, how a row becomes the
 * input the API's own schema checks, and how it is written. `R` is the record as the API shows it.
 */
export interface ImportKind<R extends { id: number }, I> {
  kind: string;
  entity: "warehouse" | "supplier" | "material" | "threshold";
  fields: readonly FieldSpec[];
  /** Columns the export writes that an import reads past without a warning (ID, derived labels). */
  ignored?: readonly string[];
  /** The template's example row, by field key. */
  example: Record<string, string | number>;
  /** Everything that exists, keyed by natural key (archived records too: a file may name them). */
  load(db: Kysely<Database>): Promise<Map<string, R>>;
  /** The natural key of a row, or null when the key's cells are blank (a required-field error follows). */
  keyOf(values: RowValues): string | null;
  /**
   * The input for this row: the file's cells over the record's own values for columns the file
   * lacks (an update changes only what the file holds).
   */
  input(
    values: RowValues,
    present: ReadonlySet<string>,
    existing: R | undefined,
  ): Promise<{ input: I } | { issues: FieldIssue[] }>;
  /** True when writing `input` would change nothing. */
  same(existing: R, input: I): boolean;
  create(trx: Kysely<Database>, input: I, at: Date): Promise<R>;
  update(trx: Kysely<Database>, existing: R, input: I): Promise<R>;
  /**
   * The commit's write transaction, when the kind keeps derived figures (the thresholds' low-stock
   * marks); `work` answers what it changed. Default: a plain write transaction.
   */
  transaction?<T>(
    db: Db,
    work: (trx: Kysely<Database>) => Promise<{ result: T; changed: { before: R | null; after: R }[] }>,
  ): Promise<T>;
}

/** The domain schema's refusals as field issues, or its output. */
export function checked<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { input: z.output<S> } | { issues: FieldIssue[] } {
  const result = schema.safeParse(raw);
  if (result.success) return { input: result.data };
  return {
    issues: result.error.issues.map((i) => ({ field: String(i.path[0] ?? ""), message: i.message })),
  };
}

/** A cell's text, or the record's own value when the file has no such column. */
const pick = <T>(values: RowValues, present: ReadonlySet<string>, key: string, own: T): CellValue | T =>
  present.has(key) ? (values[key] ?? null) : own;

const byKey = <R>(rows: readonly R[], key: (r: R) => string) => new Map(rows.map((r) => [key(r), r]));

export const warehousesImport: ImportKind<Warehouse, z.output<typeof WarehouseInputSchema>> = {
  kind: "warehouses",
  entity: "warehouse",
  fields: [
    { key: "name", header: "Name", aliases: ["Warehouse", "Warehouse Name"], kind: "text", required: true },
    { key: "location", header: "Location", kind: "text" },
  ],
  ignored: ["ID"],
  example: { name: "Main Warehouse", location: "Jl. Soekarno-Hatta 12, Bandung" },
  load: async (db) => byKey(await listWarehouses(db, NAME_DEFAULT_SORT), (w) => nameKey(w.name)),
  keyOf: (v) => (typeof v.name === "string" ? nameKey(v.name) : null),
  input: async (v, present, existing) =>
    checked(WarehouseInputSchema, {
      name: v.name ?? undefined,
      location: pick(v, present, "location", existing?.location ?? null),
      isActive: existing?.isActive ?? true,
    }),
  same: (w, i) => w.name === i.name && w.location === (i.location ?? null),
  create: (trx, i, at) => insertWarehouse(trx, { ...i, location: i.location ?? null }, at),
  update: async (trx, w, i) =>
    (await updateWarehouse(trx, w.id, { ...i, location: i.location ?? null })) ?? w,
};

export const suppliersImport: ImportKind<Supplier, z.output<typeof SupplierInputSchema>> = {
  kind: "suppliers",
  entity: "supplier",
  fields: [
    { key: "name", header: "Name", aliases: ["Supplier", "Supplier Name"], kind: "text", required: true },
    { key: "contactInfo", header: "Contact Information", aliases: ["Contact", "Contact Info"], kind: "text" },
  ],
  ignored: ["ID"],
  example: { name: "PT Tekstil Nusantara", contactInfo: "Budi, +62 22 555 0101" },
  load: async (db) => byKey(await listSuppliers(db, NAME_DEFAULT_SORT), (s) => nameKey(s.name)),
  keyOf: (v) => (typeof v.name === "string" ? nameKey(v.name) : null),
  input: async (v, present, existing) =>
    checked(SupplierInputSchema, {
      name: v.name ?? undefined,
      contactInfo: pick(v, present, "contactInfo", existing?.contactInfo ?? null),
      isActive: existing?.isActive ?? true,
    }),
  same: (s, i) => s.name === i.name && s.contactInfo === (i.contactInfo ?? null),
  create: (trx, i, at) => insertSupplier(trx, { ...i, contactInfo: i.contactInfo ?? null }, at),
  update: async (trx, s, i) =>
    (await updateSupplier(trx, s.id, { ...i, contactInfo: i.contactInfo ?? null })) ?? s,
};

export const materialKey = (typeName: string, colorName: string) =>
  `${nameKey(typeName)}\u0000${nameKey(colorName)}`;

export const materialsImport: ImportKind<Material, z.output<typeof MaterialInputSchema>> = {
  kind: "materials",
  entity: "material",
  fields: [
    {
      key: "typeName",
      header: "Type",
      aliases: ["Type Name", "Material Type"],
      kind: "text",
      required: true,
    },
    { key: "colorName", header: "Color", aliases: ["Color Name", "Colour"], kind: "text", required: true },
    { key: "colorCode", header: "Color Code", aliases: ["Colour Code"], kind: "text" },
    { key: "remnantBelowYards", header: "Remnant Below (Yards)", aliases: ["Remnant Below"], kind: "yards" },
  ],
  ignored: ["ID"],
  example: { typeName: "Cotton Twill", colorName: "Navy", colorCode: "NV-200", remnantBelowYards: 3 },
  load: async (db) => byKey(await listMaterials(db), (m) => materialKey(m.typeName, m.colorName)),
  keyOf: (v) =>
    typeof v.typeName === "string" && typeof v.colorName === "string"
      ? materialKey(v.typeName, v.colorName)
      : null,
  input: async (v, present, existing) =>
    checked(MaterialInputSchema, {
      typeName: v.typeName ?? undefined,
      colorName: v.colorName ?? undefined,
      colorCode: pick(v, present, "colorCode", existing?.colorCode ?? null),
      remnantBelowYards: pick(v, present, "remnantBelowYards", existing?.remnantBelowYards) ?? undefined,
      isActive: existing?.isActive ?? true,
    }),
  same: (m, i) =>
    m.typeName === i.typeName &&
    m.colorName === i.colorName &&
    m.colorCode === (i.colorCode ?? null) &&
    (i.remnantBelowYards === undefined || m.remnantBelowYards === i.remnantBelowYards),
  create: (trx, i, at) => insertMaterial(trx, { ...i, colorCode: i.colorCode ?? null }, at),
  update: async (trx, m, i) =>
    (await updateMaterial(trx, m.id, { ...i, colorCode: i.colorCode ?? null })) ?? m,
};
