// A posting's input once its kind's rules passed (transaction.ts checks them): what the posting
// (src/server/modules/transactions/posting/) reads.

/** A posting after its kind's rules passed: required fields are present. */
export interface ValidTransactionInput {
  transactionDate: string;
  notes: string | null;
  referenceDocument: string | null;
  /** Header references the kind does not use are null (see KIND_REQUIREMENTS). */
  supplierId: number | null;
  warehouseId: number | null;
  sourceWarehouseId: number | null;
  destinationWarehouseId: number | null;
  reasonCode: string | null;
  items: ValidItem[];
  /** Receive only: the purchase order received against (absent or null: none). */
  purchaseOrderId?: number | null;
  /** Receive against an order: over-receipt beyond the tolerance allowed (admins only). */
  allowOver?: boolean;
  /** Production usage only: the order it fulfils (its reserved yards are taken first). */
  orderId?: number | null;
}
export interface ValidItem {
  materialId: number;
  batch: string;
  /** Receive with rolls: their sum. */
  yards: number | null;
  countedYards: number | null;
  systemYards: number | null;
  rollId: number | null;
  /** Transfer only: the bin at the destination, null for none. */
  destinationBin: string | null;
  /** Receive only: the rolls it makes (null = one roll of yards). */
  rolls: ValidRollInput[] | null;
  /** Receive only: money per yard of its rolls (0 when not given). */
  unitCost: number | null;
  /**
   * Stock opname of a count (CONTRACT.md section 14) only: an unlabelled piece, a new roll of
   * countedYards in this bin. Never from a request body: the count's post builds it.
   */
  newRoll?: { bin: string | null };
  /** A stock opname of opening rolls (imports, posting/opening-rolls.ts): when its rolls came in. */
  receivedDate?: string | null;
  /** Receive against an order: the order line named (absent or null: matched by material). */
  purchaseOrderLineId?: number | null;
}
export interface ValidRollInput {
  lengthYards: number;
  ticketYards: number | null;
  widthInches: number | null;
  bin: string | null;
}
