import type { TransactionKindFilter } from "../../../../domain/cost-correction-kind";
import type { SortOrder } from "../../../../domain/list-sorts";

/**
 * The transaction list's filters: their own file so that the list and its query keys both read them
 * without importing each other (issue 34).
 */
export interface TransactionListFilters {
  /** A form code (receive: deliveries only) or cost-correction. */
  type?: TransactionKindFilter;
  /** yyyy-MM-dd, inclusive. */
  startDate?: string;
  endDate?: string;
  material?: number;
  warehouse?: number;
  batch?: string;
  /** Free text: number, reference, supplier, or a line's type, color or batch contains it. */
  q?: string;
  /** A column of TRANSACTION_SORTS and its order; absent: newest first. */
  sort?: string;
  order?: SortOrder;
}
