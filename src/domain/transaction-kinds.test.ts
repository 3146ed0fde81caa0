import { describe, expect, it } from "vitest";
import {
  KIND_INFO,
  kindOfType,
  parseTransactionType,
  RETURN_REASONS,
  reasonCodesFor,
  TRANSACTION_KINDS,
  TRANSACTION_TYPES,
  WASTE_REASONS,
} from "./transaction-kinds";

/** CONTRACT.md section 2 (codes, stored types, prefixes, reasons) and the spec's form titles. */

describe("the six kinds", () => {
  it("have the contract's codes, stored types and number prefixes, and the spec's titles and labels", () => {
    expect(TRANSACTION_KINDS).toEqual([
      "receive",
      "production-usage",
      "waste",
      "transfer",
      "return",
      "stock-opname",
    ]);
    expect(TRANSACTION_TYPES).toEqual([
      "Receive",
      "Production Usage",
      "Waste",
      "Transfer",
      "Return",
      "Stock Opname",
    ]);
    expect(KIND_INFO).toEqual({
      receive: { type: "Receive", prefix: "RCV", title: "Receive Fabric", label: "Receive", direction: "in" },
      "production-usage": {
        type: "Production Usage",
        prefix: "USE",
        title: "Production Usage",
        label: "Production Usage",
        direction: "out",
      },
      waste: { type: "Waste", prefix: "WST", title: "Waste", label: "Waste", direction: "out" },
      transfer: {
        type: "Transfer",
        prefix: "TRF",
        title: "Transfer Between Warehouses",
        label: "Transfer",
        direction: "transfer",
      },
      return: {
        type: "Return",
        prefix: "RET",
        title: "Return to Supplier",
        label: "Return",
        direction: "out",
      },
      "stock-opname": {
        type: "Stock Opname",
        prefix: "OPN",
        title: "Stock Opname (Physical Count)",
        label: "Stock Opname",
        direction: "count",
      },
    });
  });
});

describe("reason codes", () => {
  it("waste and return have the contract's lists; no other kind has any", () => {
    const expected = {
      receive: [],
      "production-usage": [],
      waste: ["Damaged", "Defective", "Cutting Loss", "Obsolete", "Other"],
      transfer: [],
      return: ["Defective", "Wrong Item", "Color Mismatch", "Excess", "Other"],
      "stock-opname": [],
    };
    expect(Object.fromEntries(TRANSACTION_KINDS.map((k) => [k, [...reasonCodesFor(k)]]))).toEqual(expected);
    expect([...WASTE_REASONS]).toEqual(expected.waste);
    expect([...RETURN_REASONS]).toEqual(expected.return);
  });
});

describe("kindOfType", () => {
  it("gives the kind (path segment) a stored type was posted as, so a reversal posts the same kind", () => {
    expect(
      Object.fromEntries(TRANSACTION_KINDS.map((k) => [KIND_INFO[k].type, kindOfType(KIND_INFO[k].type)])),
    ).toEqual({
      Receive: "receive",
      "Production Usage": "production-usage",
      Waste: "waste",
      Transfer: "transfer",
      Return: "return",
      "Stock Opname": "stock-opname",
    });
  });
});

describe("parseTransactionType", () => {
  it("reads a form code or a stored type name, any case, around spaces", () => {
    expect(parseTransactionType("production-usage")).toBe("Production Usage");
    expect(parseTransactionType(" stock-opname ")).toBe("Stock Opname");
    expect(parseTransactionType("Production Usage")).toBe("Production Usage");
    expect(parseTransactionType("production usage")).toBe("Production Usage");
    expect(parseTransactionType(" WASTE ")).toBe("Waste");
    expect(parseTransactionType("\tReturn\n")).toBe("Return");
  });

  it("knows nothing else", () => {
    for (const v of ["", "adjustment", "Production-Usage ", "receiving", "stock opname (physical count)"]) {
      expect(parseTransactionType(v), v).toBeUndefined();
    }
  });
});
