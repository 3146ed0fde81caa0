import type { z } from "zod";
import { errorText } from "../../../domain/error-text";
import type { Material } from "../../../domain/material";
import { type Threshold, ThresholdInputSchema } from "../../../domain/threshold";
import { listMaterials } from "../materials/materials.repository";
import { changeThresholds } from "../thresholds/low-marks";
import {
  findThresholdById,
  insertThreshold,
  listThresholds,
  updateThreshold,
} from "../thresholds/thresholds.repository";
import { checked, type ImportKind, materialKey, type RowValues } from "./master-data-kinds";

type ThresholdInput = z.output<typeof ThresholdInputSchema>;

const batchOf = (v: RowValues) => (typeof v.batch === "string" ? v.batch.trim() : "");
const thresholdKey = (typeName: string, colorName: string, batch: string) =>
  `${materialKey(typeName, colorName)}\u0000${batch}`;

/**
 * Thresholds by material (type + color) and batch, blank for the type+color level (CONTRACT.md
 * sections 3 and 13). The material must exist: the message says how to create it first.
 */
export function thresholdsImport(): ImportKind<Threshold, ThresholdInput> {
  // The materials the file may name, read with the thresholds (once per plan).
  let materials = new Map<string, Material>();
  return {
    kind: "thresholds",
    entity: "threshold",
    fields: [
      {
        key: "typeName",
        header: "Type",
        aliases: ["Type Name", "Material Type"],
        kind: "text",
        required: true,
      },
      { key: "colorName", header: "Color", aliases: ["Color Name", "Colour"], kind: "text", required: true },
      { key: "batch", header: "Batch", aliases: ["Dye Lot", "Lot"], kind: "text" },
      {
        key: "thresholdYards",
        header: "Threshold (Yards)",
        aliases: ["Threshold", "Threshold Yards", "Reorder Point"],
        kind: "integer",
        required: true,
      },
      { key: "isActive", header: "Status", aliases: ["Active"], kind: "status" },
    ],
    ignored: ["ID", "Threshold Type"],
    example: {
      typeName: "Cotton Twill",
      colorName: "Navy",
      batch: "",
      thresholdYards: 150,
      isActive: "Active",
    },
    async load(db) {
      materials = new Map((await listMaterials(db)).map((m) => [materialKey(m.typeName, m.colorName), m]));
      return new Map(
        (await listThresholds(db)).map((t) => [thresholdKey(t.typeName, t.colorName, t.batch ?? ""), t]),
      );
    },
    keyOf: (v) =>
      typeof v.typeName === "string" && typeof v.colorName === "string"
        ? thresholdKey(v.typeName, v.colorName, batchOf(v))
        : null,
    async input(v, present, existing) {
      const material =
        typeof v.typeName === "string" && typeof v.colorName === "string"
          ? materials.get(materialKey(v.typeName, v.colorName))
          : undefined;
      if (!material && typeof v.typeName === "string" && typeof v.colorName === "string") {
        return {
          issues: [
            {
              field: "typeName",
              message: errorText("IMPORT_NO_SUCH_MATERIAL", { material: `${v.typeName} / ${v.colorName}` }),
            },
          ],
        };
      }
      if (material && !material.isActive && !existing) {
        return {
          issues: [
            {
              field: "typeName",
              message: errorText("IMPORT_MATERIAL_ARCHIVED", { material: `${v.typeName} / ${v.colorName}` }),
            },
          ],
        };
      }
      return checked(ThresholdInputSchema, {
        materialId: material?.id,
        batch: batchOf(v) || null,
        thresholdYards: v.thresholdYards ?? undefined,
        isActive: present.has("isActive") && v.isActive !== null ? v.isActive : (existing?.isActive ?? true),
      });
    },
    same: (t, i) => t.thresholdYards === i.thresholdYards && t.isActive === i.isActive,
    async create(trx, i, at) {
      const id = await insertThreshold(trx, i, at);
      return (await findThresholdById(trx, id)) as Threshold;
    },
    async update(trx, t, i) {
      await updateThreshold(trx, t.id, i);
      return (await findThresholdById(trx, t.id)) ?? t;
    },
    transaction: (db, work) =>
      changeThresholds(db, async (trx) => {
        const { result, changed } = await work(trx);
        return { result, materialIds: [...new Set(changed.map((c) => c.after.materialId))] };
      }),
  };
}
