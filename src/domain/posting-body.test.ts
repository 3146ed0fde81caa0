import { sample } from "openapi-sampler";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { postingBodySchemaFor } from "./posting-body";
import { transactionSchemaFor } from "./transaction";
import { TRANSACTION_KINDS, type TransactionKind } from "./transaction-kinds";

/**
 * The documented request body of each posting kind (CONTRACT.md section 5), checked here without a
 * server: what it requires, what it offers, and that a body built from it alone is a valid posting.
 * openapi.test.ts checks the same bodies inside the served document.
 */

interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: string[];
  items?: Schema;
  anyOf?: Schema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
type JSONSchema7 = Parameters<typeof sample>[0];

const documented = (kind: TransactionKind) =>
  z.toJSONSchema(postingBodySchemaFor(kind), { io: "input" }) as Schema;

/** Written out by hand from CONTRACT.md section 2. */
const REQUIRED: Record<TransactionKind, string[]> = {
  receive: ["transactionDate", "supplierId", "warehouseId", "items"],
  "production-usage": ["transactionDate", "warehouseId", "items"],
  waste: ["transactionDate", "warehouseId", "reasonCode", "items"],
  transfer: ["transactionDate", "sourceWarehouseId", "destinationWarehouseId", "items"],
  return: ["transactionDate", "supplierId", "warehouseId", "reasonCode", "items"],
  "stock-opname": ["transactionDate", "warehouseId", "items"],
};
const REASONS: Partial<Record<TransactionKind, string[]>> = {
  waste: ["Damaged", "Defective", "Cutting Loss", "Obsolete", "Other"],
  return: ["Defective", "Wrong Item", "Color Mismatch", "Excess", "Other"],
};
const TYPES: Record<TransactionKind, string> = {
  receive: "Receive",
  "production-usage": "Production Usage",
  waste: "Waste",
  transfer: "Transfer",
  return: "Return",
  "stock-opname": "Stock Opname",
};
/** What the documentation of an item's yards says the number means, per kind. */
const YARDS_MEANING: Record<Exclude<TransactionKind, "stock-opname">, string> = {
  receive: "Yards received",
  "production-usage": "Yards taken out",
  waste: "Yards taken out",
  transfer: "Yards moved from source to destination",
  return: "Yards taken out",
};

describe("the documented body of each posting kind", () => {
  it("requires the contract's header fields, and offers only the kind's own", () => {
    for (const kind of TRANSACTION_KINDS) {
      const schema = documented(kind);
      expect(schema.required, kind).toEqual(REQUIRED[kind]);
      const ids = ["supplierId", "warehouseId", "sourceWarehouseId", "destinationWarehouseId"];
      for (const id of ids) {
        const field = schema.properties?.[id];
        if (REQUIRED[kind].includes(id)) {
          expect(field, `${kind} ${id}`).toMatchObject({ type: "integer", minimum: 1 });
        } else {
          expect(field, `${kind} ${id}`).toBeUndefined();
        }
      }
      expect(schema.properties?.transactionType?.enum, kind).toEqual([TYPES[kind], kind]);
      expect(schema.properties?.transactionDate, kind).toMatchObject({ type: "string", format: "date" });
    }
  });

  it("documents destinationBin on transfer items only (CONTRACT.md section 12)", () => {
    for (const kind of TRANSACTION_KINDS) {
      const items = documented(kind).properties?.items;
      const shapes = items?.items?.anyOf ?? [items?.items as Schema];
      for (const shape of shapes) {
        const bin = shape.properties?.destinationBin;
        if (kind === "transfer") expect(bin, kind).toMatchObject({ type: "string", maxLength: 40 });
        else expect(bin, kind).toBeUndefined();
      }
    }
  });

  it("documents the order a usage fulfils on production usage only (CONTRACT.md section 15)", () => {
    for (const kind of TRANSACTION_KINDS) {
      const orderId = documented(kind).properties?.orderId;
      if (kind === "production-usage") expect(orderId, kind).toMatchObject({ type: "integer", minimum: 1 });
      else expect(orderId, kind).toBeUndefined();
    }
  });

  it("lists the reason codes of waste and return, and no reason code elsewhere", () => {
    for (const kind of TRANSACTION_KINDS) {
      const reason = documented(kind).properties?.reasonCode;
      if (REASONS[kind]) expect(reason?.enum, kind).toEqual(REASONS[kind]);
      else expect(reason, kind).toBeUndefined();
    }
  });

  it("takes 1 to 500 items of material, batch and positive yards (counts: counted yards >= 0)", () => {
    for (const kind of TRANSACTION_KINDS) {
      const items = documented(kind).properties?.items;
      expect(items, kind).toMatchObject({ type: "array", minItems: 1, maxItems: 500 });
      const shapes = items?.items?.anyOf ?? [items?.items as Schema];
      expect(shapes.length, kind).toBe(kind === "stock-opname" || kind === "receive" ? 2 : 1);
      for (const shape of shapes) {
        expect(shape.properties?.materialId, kind).toMatchObject({ type: "integer", minimum: 1 });
        expect(shape.properties?.batch, kind).toMatchObject({ type: "string", minLength: 1, maxLength: 100 });
      }
      if (kind === "stock-opname") {
        const [counted, spec] = shapes as [Schema, Schema];
        expect(counted.required).toEqual(["materialId", "batch", "countedYards"]);
        expect(counted.properties?.countedYards).toMatchObject({ minimum: 0, maximum: 1_000_000_000 });
        expect(spec.required).toEqual(["materialId", "batch", "yards", "systemYards"]);
        expect(spec.properties?.systemYards).toMatchObject({ minimum: 0, maximum: 1_000_000_000 });
        expect(spec.properties?.yards?.minimum).toBeUndefined();
        expect(counted.properties?.rollId).toMatchObject({ type: "integer", minimum: 1 });
      } else if (kind === "receive") {
        const [one, rolls] = shapes as [Schema, Schema];
        expect(one.required).toEqual(["materialId", "batch", "yards"]);
        expect(one.properties?.yards).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000_000 });
        expect(one.properties?.unitCost).toMatchObject({ minimum: 0, maximum: 1_000_000 });
        expect(rolls.required).toEqual(["materialId", "batch", "rolls"]);
        expect(rolls.properties?.rolls).toMatchObject({ type: "array", minItems: 1, maxItems: 500 });
        // The sum of the rolls, when sent, is more than 0 like every roll's length.
        expect(rolls.properties?.yards).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000_000 });
        expect(rolls.properties?.rolls?.items?.properties?.lengthYards).toMatchObject({
          exclusiveMinimum: 0,
        });
        expect(rolls.properties?.rolls?.items?.required).toEqual(["lengthYards"]);
        expect(Object.keys(rolls.properties?.rolls?.items?.properties ?? {})).toEqual([
          "lengthYards",
          "ticketYards",
          "widthInches",
          "bin",
        ]);
      } else {
        const [shape] = shapes as [Schema];
        expect(shape.properties?.rollId, kind).toMatchObject({ type: "integer", minimum: 1 });
        expect(shape.required, kind).toEqual(["materialId", "batch", "yards"]);
        expect(shape.properties?.yards, kind).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000_000 });
        expect(shape.properties?.yards?.description, kind).toContain(YARDS_MEANING[kind]);
        // A transfer moves a named roll whole or cuts from it; the other kinds cut from it.
        expect(shape.properties?.rollId?.description, kind).toMatch(
          kind === "transfer" ? /^The roll to move \(whole\) or cut from/ : /^The roll to cut from/,
        );
      }
    }
  });

  it("describes every field it offers, with the required message, the 2-decimal rule and the required list", () => {
    for (const kind of TRANSACTION_KINDS) {
      const schema = documented(kind);
      expect(schema.description, kind).toBe(
        `A ${TYPES[kind]} posting. Header fields another kind uses are ignored; required: ${REQUIRED[kind].join(", ")}.`,
      );
      for (const [name, field] of Object.entries(schema.properties ?? {})) {
        // notes and referenceDocument are the shared free-text fields, shown without a description.
        if (name === "notes" || name === "referenceDocument") continue;
        expect(field.description, `${kind} ${name}`).toMatch(/^\w{2,}/);
      }
      for (const id of ["supplierId", "warehouseId", "sourceWarehouseId", "destinationWarehouseId"]) {
        const description = schema.properties?.[id]?.description;
        if (description) expect(description, `${kind} ${id}`).toMatch(/^\w[\w ]* id\b.* is required\)$/);
      }
      if (schema.properties?.reasonCode) {
        expect(schema.properties.reasonCode.description).toBe("Why (Reason code is required)");
      }
      expect(schema.properties?.transactionDate?.description).toContain("2000-01-01");
      const items = schema.properties?.items as Schema;
      expect(items.description, kind).toMatch(
        kind === "stock-opname" ? /countedYards/ : /^At least one item$/,
      );
      for (const shape of items.items?.anyOf ?? [items.items as Schema]) {
        for (const [name, field] of Object.entries(shape.properties ?? {})) {
          expect(field.description, `${kind} items.${name}`).toMatch(/^\w{2,}/);
          if (/[yY]ards$/.test(name))
            expect(field.description, `${kind} ${name}`).toContain("at most 2 decimals");
        }
      }
    }
  });

  it("offers roll lists, a named roll and a unit cost, and a body built from each item shape is a valid posting", () => {
    for (const kind of TRANSACTION_KINDS) {
      const schema = documented(kind);
      const items = schema.properties?.items as Schema;
      for (const shape of items.items?.anyOf ?? [items.items as Schema]) {
        const body = sample(
          {
            ...schema,
            properties: { ...schema.properties, items: { ...items, items: shape } },
          } as JSONSchema7,
          {
            skipReadOnly: true,
            quiet: true,
          },
        ) as Record<string, unknown>;
        if (kind === "transfer") body.destinationWarehouseId = Number(body.sourceWarehouseId) + 1;
        // A receive with rolls: its yards, when sent, is their sum.
        for (const item of body.items as Record<string, unknown>[]) {
          if (Array.isArray(item.rolls)) delete item.yards;
        }
        const parsed = transactionSchemaFor(kind).safeParse(body);
        expect(parsed.error?.issues ?? [], `${kind}: ${JSON.stringify(body)}`).toEqual([]);
      }
    }
  });

  it("is met by a body built from the documentation alone, which the posting's own schema accepts", () => {
    for (const kind of TRANSACTION_KINDS) {
      const schema = documented(kind);
      const body = sample(schema as JSONSchema7, { skipReadOnly: true, quiet: true }) as Record<
        string,
        unknown
      >;
      // The sampler gives every id the same value; "not the source" is the description's word.
      if (kind === "transfer") body.destinationWarehouseId = Number(body.sourceWarehouseId) + 1;
      const parsed = transactionSchemaFor(kind).safeParse(body);
      expect(parsed.error?.issues ?? [], `${kind}: ${JSON.stringify(body)}`).toEqual([]);
      // Without any documented required field, the posting's schema refuses it, naming the field.
      for (const field of schema.required ?? []) {
        const { [field]: _left, ...rest } = body;
        const refused = transactionSchemaFor(kind).safeParse(rest);
        expect(
          refused.error?.issues.map((i) => i.path.join(".")),
          `${kind} without ${field}`,
        ).toContain(field);
      }
    }
  });
});
