import { describe, expect, it } from "vitest";
import { MaterialInputSchema, MaterialSchema, MaterialUpdateSchema, materialLabel } from "./material";
import { SupplierInputSchema, SupplierSchema, SupplierUpdateSchema } from "./supplier";
import { WarehouseInputSchema, WarehouseSchema, WarehouseUpdateSchema } from "./warehouse";

function messages(schema: { safeParse(v: unknown): unknown }, value: unknown) {
  const r = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
}

/** Spec section 5: the master-data forms' messages. */

describe("materials", () => {
  it("need a type and a color; the code is optional; names are trimmed", () => {
    expect(
      MaterialInputSchema.parse({ typeName: " Cotton ", colorName: "Navy", colorCode: " #000080 " }),
    ).toEqual({
      typeName: "Cotton",
      colorName: "Navy",
      colorCode: "#000080",
    });
    expect(
      MaterialInputSchema.parse({ typeName: "Cotton", colorName: "Navy", colorCode: " " }).colorCode,
    ).toBeNull();
    expect(messages(MaterialInputSchema, { typeName: " ", colorName: "" })).toEqual([
      ["typeName", "Material type is required"],
      ["colorName", "Color name is required"],
    ]);
    expect(messages(MaterialInputSchema, {})).toEqual([
      ["typeName", "Material type is required"],
      ["colorName", "Color name is required"],
    ]);
    expect(messages(MaterialInputSchema, { typeName: "x".repeat(201), colorName: "Navy" })).toEqual([
      ["typeName", "Must be at most 200 characters"],
    ]);
    expect(
      messages(MaterialInputSchema, { typeName: "Cotton", colorName: "Navy", colorCode: "x".repeat(101) }),
    ).toEqual([["colorCode", "Must be at most 100 characters"]]);
    expect(materialLabel({ typeName: "Cotton", colorName: "Navy" })).toBe("Cotton - Navy");
  });

  it("PUT may repeat the id; answers keep every field", () => {
    expect(MaterialUpdateSchema.parse({ id: 3, typeName: "Silk", colorName: "Red" }).id).toBe(3);
    const row = {
      id: 3,
      typeName: "Silk",
      colorName: "Red",
      colorCode: null,
      isActive: true,
      remnantBelowYards: 3,
    };
    expect(MaterialSchema.parse(row)).toEqual(row);
  });
});

describe("suppliers and warehouses", () => {
  it("need a name; contact information and location are optional free text", () => {
    expect(SupplierInputSchema.parse({ name: " Tekstil Jaya ", contactInfo: " Budi " })).toEqual({
      name: "Tekstil Jaya",
      contactInfo: "Budi",
    });
    expect(SupplierInputSchema.parse({ name: "Tekstil Jaya" }).contactInfo).toBeNull();
    expect(messages(SupplierInputSchema, { name: "" })).toEqual([["name", "Supplier name is required"]]);
    expect(messages(SupplierInputSchema, { name: "S", contactInfo: "x".repeat(1001) })).toEqual([
      ["contactInfo", "Must be at most 1000 characters"],
    ]);
    expect(WarehouseInputSchema.parse({ name: " Main ", location: " Jakarta " })).toEqual({
      name: "Main",
      location: "Jakarta",
    });
    expect(WarehouseInputSchema.parse({ name: "Main", location: "" }).location).toBeNull();
    expect(messages(WarehouseInputSchema, { name: "  " })).toEqual([["name", "Warehouse name is required"]]);
    expect(messages(WarehouseInputSchema, { name: "W", location: "x".repeat(1001) })).toEqual([
      ["location", "Must be at most 1000 characters"],
    ]);
  });

  it("PUT may repeat the id; answers keep every field", () => {
    expect(SupplierUpdateSchema.parse({ id: 5, name: "S" }).id).toBe(5);
    expect(WarehouseUpdateSchema.parse({ id: 6, name: "W" }).id).toBe(6);
    const supplier = { id: 5, name: "S", contactInfo: null, isActive: false };
    expect(SupplierSchema.parse(supplier)).toEqual(supplier);
    const warehouse = { id: 6, name: "W", location: "Jakarta", isActive: true };
    expect(WarehouseSchema.parse(warehouse)).toEqual(warehouse);
  });
});
