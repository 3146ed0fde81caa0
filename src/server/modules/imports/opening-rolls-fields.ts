import type { z } from "zod";
import { isoDateSchema, plainText } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { unitCostSchema } from "../../../domain/money";
import { RollInputSchema } from "../../../domain/roll";
import {
  EARLIEST_TRANSACTION_DATE,
  latestTransactionDate,
  TRANSACTION_MESSAGES,
  TransactionItemInputSchema,
} from "../../../domain/transaction";
import type { CellValue, FieldSpec } from "./columns";

/** Opening rolls, one row per roll (CONTRACT.md section 13); headers as the rolls export writes them. */
export const OPENING_ROLL_FIELDS: readonly FieldSpec[] = [
  { key: "typeName", header: "Type", aliases: ["Type Name", "Material Type"], kind: "text", required: true },
  { key: "colorName", header: "Color", aliases: ["Color Name", "Colour"], kind: "text", required: true },
  { key: "batch", header: "Batch", aliases: ["Dye Lot", "Lot"], kind: "text", required: true },
  { key: "warehouse", header: "Warehouse", aliases: ["Warehouse Name"], kind: "text", required: true },
  {
    key: "lengthYards",
    header: "Length (Yards)",
    aliases: ["Length", "Yards"],
    kind: "yards",
    required: true,
  },
  { key: "ticketYards", header: "Ticket (Yards)", aliases: ["Ticket", "Ticket Length"], kind: "yards" },
  { key: "widthInches", header: "Width (Inches)", aliases: ["Width"], kind: "yards" },
  { key: "bin", header: "Bin", aliases: ["Shelf"], kind: "text" },
  { key: "unitCost", header: "Unit Cost", aliases: ["Cost"], kind: "money" },
  {
    key: "receivedDate",
    header: "Received Date",
    aliases: ["Received", "First Received", "Date Received"],
    kind: "date",
  },
];

/** Columns of the rolls export that an opening import reads past (codes are the server's to give). */
export const OPENING_ROLL_IGNORED = [
  "Code",
  "Roll Code",
  "Received (Yards)",
  "Cut From",
  "Status",
  "Last Moved",
  "Value",
];

export const OPENING_ROLL_EXAMPLE = {
  typeName: "Cotton Twill",
  colorName: "Navy",
  batch: "L-2301",
  warehouse: "Main Warehouse",
  lengthYards: 48.5,
  ticketYards: 50,
  widthInches: 58,
  bin: "A-03",
  unitCost: 4.25,
  receivedDate: "2025-03-01",
};

/** The rules of each cell, with the messages the receive form and the API give (domain schemas). */
export function cellRules(today: Date): Record<string, z.ZodType> {
  const latest = latestTransactionDate(today);
  const name = plainText().nullish();
  return {
    typeName: name,
    colorName: name,
    warehouse: name,
    batch: TransactionItemInputSchema.shape.batch.refine((b) => b !== null, TRANSACTION_MESSAGES.batch),
    lengthYards: RollInputSchema.shape.lengthYards,
    ticketYards: RollInputSchema.shape.ticketYards,
    widthInches: RollInputSchema.shape.widthInches,
    bin: RollInputSchema.shape.bin,
    unitCost: unitCostSchema.nullish(),
    receivedDate: isoDateSchema
      .refine(
        (d) => d >= EARLIEST_TRANSACTION_DATE,
        errorText("OPENING_DATE_TOO_EARLY", { earliest: EARLIEST_TRANSACTION_DATE }),
      )
      .refine((d) => d <= latest, errorText("OPENING_DATE_TOO_LATE", { latest }))
      .nullish(),
  };
}

type Checked = { ok: true; value: unknown } | { ok: false; messages: string[] };

/**
 * Each distinct cell value is checked once: a file of 100,000 rolls repeats its types, colors,
 * warehouses, bins, costs and dates, and zod's garbage per check kept 150 MB in the old generation
 * (the import's memory, scripts/lib/bench-import.ts). Bounded, so a file of unique values is fine.
 */
export function cellChecker(rules: Record<string, z.ZodType>) {
  const memos = new Map(Object.keys(rules).map((key) => [key, new Map<CellValue, Checked>()]));
  return (key: string, value: CellValue): Checked => {
    const memo = memos.get(key) as Map<CellValue, Checked>;
    let known = memo.get(value);
    if (!known) {
      const parsed = (rules[key] as z.ZodType).safeParse(value);
      known = parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
      if (memo.size >= 20_000) memo.clear();
      memo.set(value, known);
    }
    return known;
  };
}

/** nameKey (NFKC, locale lower case: slow) once per distinct name of the file. */
export function memoised(f: (text: string) => string): (text: string) => string {
  const memo = new Map<string, string>();
  return (text) => {
    let known = memo.get(text);
    if (known === undefined) {
      known = f(text);
      if (memo.size >= 20_000) memo.clear();
      memo.set(text, known);
    }
    return known;
  };
}
