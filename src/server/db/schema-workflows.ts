import type { Generated } from "kysely";

// The tables of the work around the posting: counts (migrations 024, 027), purchase orders (025,
// 028), opening-roll imports (026) and orders with their reservations (029). schema.ts names them
// in the Database.

export interface CountSessionsTable {
  id: Generated<number>;
  number: string;
  status: string;
  warehouse_id: number;
  bins: string | null;
  material_ids: string | null;
  blind: number;
  notes: string | null;
  started_at: string;
  started_by: number;
  ended_at: string | null;
  ended_by: number | null;
  /** What the clerk chose for missing rolls when posting (migration 027); null until posted. */
  missing: string | null;
}

/** The transactions a count session posted (migration 027): its transfers in and its opname. */
export interface CountPostingsTable {
  transaction_id: number;
  session_id: number;
}

export interface CountEntriesTable {
  id: Generated<number>;
  session_id: number;
  roll_id: number | null;
  kind: string;
  counted_centi: number;
  length_at_count_centi: number | null;
  material_id: number | null;
  batch: string | null;
  bin: string | null;
  counted_at: string;
  counted_by: number;
  superseded_at: string | null;
  /** The roll's warehouse when it was counted (migration 027; null on entries before it). */
  warehouse_at_count_id: number | null;
  /** An unlabelled piece: the roll it became when the session was posted. */
  posted_roll_id: number | null;
}

export interface PurchaseOrdersTable {
  id: Generated<number>;
  number: string;
  supplier_id: number;
  warehouse_id: number;
  expected_date: string | null;
  reference: string | null;
  status: string;
  created_at: string;
  created_by: number;
  closed_at: string | null;
  closed_by: number | null;
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  purchase_order_id: number;
  line_no: number;
  material_id: number;
  yards_centi: number;
  unit_cost_e4: number | null;
  received_centi: Generated<number>;
}

/** Yards still expected by open purchase orders, per (material, warehouse) (migration 025). */
export interface OnOrderTable {
  material_id: number;
  warehouse_id: number;
  yards_centi: number;
}

/** Opening-roll files committed (migration 026): the fingerprint refuses the same file twice. */
export interface ImportedFilesTable {
  id: Generated<number>;
  kind: string;
  fingerprint: string;
  file_name: string | null;
  rows: number;
  transaction_numbers: string;
  created_by: number;
  created_at: string;
}

/** Customer orders and their lines (migration 029, CONTRACT.md section 15). */
export interface OrdersTable {
  id: Generated<number>;
  number: string;
  reference: string;
  customer: string | null;
  due_date: string | null;
  warehouse_id: number;
  status: string;
  created_at: string;
  created_by: number;
  cancelled_at: string | null;
  cancelled_by: number | null;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  line_no: number;
  material_id: number;
  yards_centi: number;
  one_lot: number;
  one_piece: number;
  fulfilled_centi: Generated<number>;
}

/** Yards of one roll held for one order line; released rows are deleted. */
export interface ReservationsTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number;
  roll_id: number;
  yards_centi: number;
  created_at: string;
}

/** What a usage posted with an order took from a roll for a line, and how much reservation it used. */
export interface OrderFulfilmentsTable {
  id: Generated<number>;
  transaction_id: number;
  order_id: number;
  order_line_id: number;
  roll_id: number;
  taken_centi: number;
  released_centi: number;
}
