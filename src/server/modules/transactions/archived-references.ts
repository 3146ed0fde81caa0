import { errorText } from "../../../domain/error-text";
import type { ValidTransactionInput } from "../../../domain/transaction";
import type { ErrorIssue } from "../../lib/http-errors";

/** 'm' material, 'w' warehouse, 's' supplier: the kinds the posting's reference query tags rows with. */
export type ReferenceKind = "m" | "w" | "s";

const MESSAGES: Record<ReferenceKind, string> = {
  s: errorText("SUPPLIER_ARCHIVED"),
  w: errorText("WAREHOUSE_ARCHIVED"),
  m: errorText("MATERIAL_ARCHIVED"),
};

/**
 * A new posting may not name an archived supplier, warehouse or material (issue 13, CONTRACT.md
 * section 5 "Archive"): one 400 issue at each field that does. Past transactions keep theirs.
 */
export function archivedIssues(
  input: ValidTransactionInput,
  isArchived: (kind: ReferenceKind, id: number) => boolean,
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (input.supplierId !== null && isArchived("s", input.supplierId)) {
    issues.push({ path: "supplierId", message: MESSAGES.s });
  }
  for (const field of ["warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const) {
    const id = input[field];
    if (id !== null && isArchived("w", id)) issues.push({ path: field, message: MESSAGES.w });
  }
  input.items.forEach((item, i) => {
    if (isArchived("m", item.materialId)) issues.push({ path: `items.${i}.materialId`, message: MESSAGES.m });
  });
  return issues;
}
