import type { Generated } from "kysely";
import type {
  CountEntriesTable,
  CountPostingsTable,
  CountSessionsTable,
  ImportedFilesTable,
  OnOrderTable,
  OrderFulfilmentsTable,
  OrderLinesTable,
  OrdersTable,
  PurchaseOrderLinesTable,
  PurchaseOrdersTable,
  ReservationsTable,
} from "./schema-workflows";

export type {
  CountEntriesTable,
  CountPostingsTable,
  CountSessionsTable,
  ImportedFilesTable,
  OnOrderTable,
  OrderFulfilmentsTable,
  OrderLinesTable,
  OrdersTable,
  PurchaseOrderLinesTable,
  PurchaseOrdersTable,
  ReservationsTable,
};

/** Table row types. They never leave the repositories (STYLE.md convention 2). */
export interface WarehousesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  location: string | null;
  /** 1 = in use, 0 = archived: out of the pickers, refused by new postings (migration 006). */
  is_active: Generated<number>;
  created_at: string;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  contact_info: string | null;
  /** 1 = in use, 0 = archived: out of the pickers, refused by new postings (migration 006). */
  is_active: Generated<number>;
  created_at: string;
}

export interface MaterialsTable {
  id: Generated<number>;
  type_name: string;
  type_key: string;
  color_name: string;
  color_key: string;
  color_code: string | null;
  /** 1 = in use, 0 = archived: out of the pickers, refused by new postings (migration 006). */
  is_active: Generated<number>;
  /** A roll with 0 < length < this is a remnant; 0 turns remnants off (migration 008). */
  remnant_below_centi: Generated<number>;
  created_at: string;
}

export interface ThresholdsTable {
  id: Generated<number>;
  material_id: number;
  /** '' means a type+color-level threshold, so that (material_id, batch) can be unique. */
  batch: string;
  threshold_yards: number;
  is_active: number;
  created_at: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  transaction_number: string;
  transaction_type: string;
  transaction_date: string;
  supplier_id: number | null;
  warehouse_id: number | null;
  source_warehouse_id: number | null;
  destination_warehouse_id: number | null;
  reference_document: string | null;
  reason_code: string | null;
  notes: string | null;
  created_by: number;
  created_at: string;
  /** Items of the posting (detailsCount), however many lines and rolls they touched (migration 008). */
  items_count: Generated<number>;
  /** 1 when the items take one material from two or more batches (migration 009). */
  mixed_lots: Generated<number>;
  /** A reversal names the transaction it negates; the original names its reversal (migration 011). */
  reverses_id: number | null;
  reversed_by_id: number | null;
  reversal_reason: string | null;
  /** The purchase order a receipt, or its reversal, was received against (migration 028). */
  purchase_order_id: Generated<number | null>;
  /** A cost correction: the receipt whose roll costs it set (migration 028). */
  corrects_id: Generated<number | null>;
}

export interface TransactionLinesTable {
  id: Generated<number>;
  transaction_id: number;
  material_id: number;
  batch: string;
  warehouse_id: number;
  yards_change_centi: number;
  /** Stock opname only: the balance read at posting time and the counted amount. */
  previous_centi: number | null;
  counted_centi: number | null;
  /** The roll this line changes (migration 008); null only on lines written before rolls. */
  roll_id: number | null;
  /** The roll's value after this line minus before, in ten-thousandths (migration 013); 0 before it. */
  value_change_e4: Generated<number>;
  /** A whole-roll transfer's leaving line: the roll's bin before it moved (migration 022), else null. */
  bin_before: string | null;
  /** A cost correction's value-only line: the type of the movement it corrects (migration 028), else null. */
  value_type: Generated<string | null>;
}

/** One physical roll (CONTRACT.md section 8, migration 008). Its code is formatRollCode(id). */
export interface RollsTable {
  id: Generated<number>;
  material_id: number;
  batch: string;
  warehouse_id: number;
  /** Length now, never below 0; = opening_centi + the sum of its ledger lines. */
  length_centi: number;
  opening_centi: number;
  /** Measured when it came in or was cut off. */
  received_centi: number;
  /** The supplier's ticket length, or null. */
  ticket_centi: number | null;
  /** Width in hundredths of an inch, or null. */
  width_centi: number | null;
  bin: string | null;
  parent_roll_id: number | null;
  /** The supplier of the receive that made it; null for cut pieces, counted surplus, migrated stock. */
  supplier_id: number | null;
  /** 'In Stock' | 'Remnant' | 'Used Up', kept by the posting (rollStatusSql). */
  status: string;
  first_received: string;
  last_moved_at: string;
  created_at: string;
  /** Money per yard in ten-thousandths, as received (kept by cut pieces); 0 when unknown (migration 013). */
  unit_cost_e4: Generated<number>;
  /** valueE4(length_centi, unit_cost_e4), kept by the posting (domain/money.ts, migration 013). */
  value_e4: Generated<number>;
  /** The sum of its live reservations (migration 029); never above its length. */
  reserved_centi: Generated<number>;
}

export interface BalancesTable {
  material_id: number;
  batch: string;
  warehouse_id: number;
  yards_centi: number;
  /** Earliest transaction date that added yards here (aging, CONTRACT.md section 4). */
  first_received: string | null;
  last_updated: string;
  /**
   * The active batch-level threshold x 100, or 0 when none: the row is low when
   * low_at_centi > 0 and yards_centi <= low_at_centi (migration 007, modules/thresholds/low-marks.ts).
   */
  low_at_centi: number;
  /** The sum of the key's rolls' values, in ten-thousandths, kept by the posting (migration 017). */
  value_e4: Generated<number>;
}

/**
 * Sum of a material's balances in a warehouse, wherever it has ever had a balance row, kept by the
 * posting; low_at_centi is the active type+color-level threshold x 100, or 0 (migration 007).
 */
export interface MaterialTotalsTable {
  material_id: number;
  warehouse_id: number;
  yards_centi: number;
  low_at_centi: number;
}

/**
 * Per (material, batch), the sum of its balances over all warehouses and their earliest
 * first_received, kept by the posting (the aging report; migration 018).
 */
export interface BatchTotalsTable {
  material_id: number;
  batch: string;
  yards_centi: number;
  first_received: string | null;
  /** Sum of the batch's stock rows' values in ten-thousandths, kept by the posting (migration 019). */
  value_e4: Generated<number>;
}

/** Sum of the balances per warehouse, kept by the posting (the dashboard's stock per warehouse). */
export interface WarehouseTotalsTable {
  warehouse_id: number;
  yards_centi: number;
  /** Sum of the warehouse's roll values in ten-thousandths, kept by the posting (migration 013). */
  value_e4: Generated<number>;
}

/** Yards in and out per transaction date, transfers left out, kept by the posting (dashboard chart). */
export interface DailyMovementsTable {
  movement_date: string;
  in_centi: number;
  out_centi: number;
}

export interface NumberSequencesTable {
  prefix: string;
  year: number;
  last_value: number;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  password_hash: string;
  role: string;
  is_active: number;
  created_at: string;
  language: Generated<string>;
  length_unit: Generated<string>;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database does not yield live sessions. */
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: string;
}

/**
 * One change of master data, who made it and when (migration 012, modules/history/record.ts).
 * `changes` is JSON `{field: [before, after]}`, field names as on the wire.
 */
export interface MasterDataChangesTable {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  action: string;
  changes: string;
  user_id: number;
  changed_at: string;
}

export interface SchemaMetaTable {
  key: string;
  value: string;
}

/** Balances at the end of a month, kept once asked for (migration 014, stock/as-of-snapshots.ts). */
export interface StockSnapshotDatesTable {
  as_of: string;
  /** The snapshot counts the lines of transactions with an id up to this one. */
  through_transaction_id: number;
  created_at: string;
}

export interface StockSnapshotsTable {
  as_of: string;
  material_id: number;
  batch: string;
  warehouse_id: number;
  yards_centi: number;
  /** The key's stock value at that month-end, ten-thousandths (decision 009). */
  value_e4: number;
  last_updated: string;
}

/** A month-end snapshot's rows summed per (material, batch) over the warehouses (migration 020). */
export interface StockSnapshotBatchesTable {
  as_of: string;
  material_id: number;
  batch: string;
  yards_centi: number;
  value_e4: number;
}

export interface Database {
  warehouses: WarehousesTable;
  suppliers: SuppliersTable;
  materials: MaterialsTable;
  thresholds: ThresholdsTable;
  transactions: TransactionsTable;
  transaction_lines: TransactionLinesTable;
  rolls: RollsTable;
  balances: BalancesTable;
  warehouse_totals: WarehouseTotalsTable;
  material_totals: MaterialTotalsTable;
  batch_totals: BatchTotalsTable;
  daily_movements: DailyMovementsTable;
  number_sequences: NumberSequencesTable;
  count_sessions: CountSessionsTable;
  count_entries: CountEntriesTable;
  count_postings: CountPostingsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  on_order: OnOrderTable;
  imported_files: ImportedFilesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  reservations: ReservationsTable;
  order_fulfilments: OrderFulfilmentsTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  schema_meta: SchemaMetaTable;
  master_data_changes: MasterDataChangesTable;
  stock_snapshot_dates: StockSnapshotDatesTable;
  stock_snapshots: StockSnapshotsTable;
  stock_snapshot_batches: StockSnapshotBatchesTable;
}
