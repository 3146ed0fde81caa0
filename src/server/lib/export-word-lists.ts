import { AGE_BANDS } from "../../domain/aging";
import { COST_CORRECTION_TYPE } from "../../domain/cost-correction-kind";
import { ROLL_STATUSES } from "../../domain/roll";
import { RETURN_REASONS, TRANSACTION_TYPES, WASTE_REASONS } from "../../domain/transaction-kinds";

/**
 * The product's words an export cell may hold, per kind of column (export-columns.ts wordColumn):
 * an Indonesian export says each in Indonesian (export-words-id.ts EXPORT_CELLS_ID).
 */
export const EXPORT_WORDS = {
  stockStatus: ["In Stock", "Low Stock", "Out of Stock"],
  rollStatus: ROLL_STATUSES,
  ageBand: AGE_BANDS.map((b) => b.name),
  transactionType: [...TRANSACTION_TYPES, COST_CORRECTION_TYPE],
  transactionStatus: ["Completed"],
  reason: [...new Set([...WASTE_REASONS, ...RETURN_REASONS])],
  activeStatus: ["Active", "Inactive"],
  thresholdType: ["Batch Level", "Type+Color Level"],
  allBatches: ["All Batches"],
  stockCardRow: [...TRANSACTION_TYPES, COST_CORRECTION_TYPE, "Opening balance", "Closing balance"],
} as const satisfies Record<string, readonly string[]>;
