/**
 * The messages of orders and reservations, purchase-order receipts, cost corrections, claims and
 * opening-roll imports, by code: part of the one registry in error-codes.ts, which says how they
 * are written and used. A length is a `...Yards` param (a number of yards; error-text.ts).
 */
export const WORKFLOW_TEMPLATES = {
  // Orders and their reservations (src/server/modules/orders/).
  ORDER_NOT_FOUND: "That order does not exist.",
  ORDER_WAREHOUSE_ARCHIVED: 'The warehouse "{name}" is archived: restore it before ordering.',
  ORDER_MATERIAL_ARCHIVED: 'The material "{name}" is archived: restore it before ordering.',
  ORDER_CANNOT_BE_RESERVED: "{number} cannot be reserved: {problems} Nothing was reserved.",
  ORDER_LINE_SHORT: "Line {line} is short by {shortYards}.",
  RESERVE_LINE_TWICE: "Name each line once",
  RESERVE_NOT_A_LINE: "Not a line of {number}",
  RESERVE_ROLL_NOT_OF_LINE: "{roll} is not of this line's material in the order's warehouse",
  RESERVE_ONE_BATCH: "This line takes all its yards from one batch",
  RESERVE_ONE_ROLL: "This line takes all its yards from one roll",
  RESERVE_MORE_THAN_NEEDED: "More than the line still needs ({neededYards})",
  RESERVE_ROLL_TAKEN: "{roll} no longer has those yards free. Nothing was reserved.",
  RESERVE_ROLLS_REQUIRED: "Choose at least one roll",
  AT_MOST_ROLLS: "At most {max} rolls",
  RESERVE_LINES_REQUIRED: "Choose rolls for at least one line",

  // A posting's reservations (src/server/modules/transactions/posting/reservations.ts).
  ROLL_RESERVED_FOR:
    "{roll} has {availableYards} available ({reservedYards} of its {lengthYards} reserved for {orders})",
  ROLLS_RESERVED: "{problems}; take at most the available yards, or post with the order. Nothing was saved.",
  BATCH_RESERVED:
    "Not enough free stock of batch {batch}: {reservedYards} of it are reserved for {orders}. Post with the order, or choose other rolls. Nothing was saved.",
  ORDER_OTHER_WAREHOUSE: "{number} is picked from another warehouse; post it from that warehouse.",
  ORDER_LACKS_MATERIAL: "This material is not on {number}",
  ORDER_LACKS_ITEM_MATERIAL: "An item's material is not on {number}.",
  ROLL_MOVED_TWICE: "Roll {roll} is already moved whole by this transfer; name it once.",

  // Receipts against a purchase order beyond its tolerance.
  PO_OVER_TOLERANCE:
    "This receipt takes more than {number} ordered beyond the {tolerance}% tolerance ({problems}). An administrator may allow it. Nothing was saved.",
  PO_LINE_OVER: "{material}: {orderedYards} ordered, {receivedYards} received",

  // Cost corrections and claims.
  COST_NO_ROLLS: "{number} has no rolls to cost.",
  COST_NOT_A_RECEIPT: "{number} is not a receipt: only a receipt's costs can be set.",
  COST_OF_CORRECTION: "{number} is a cost correction: set the costs on its receipt instead.",
  COST_OF_REVERSAL: "{number} is a reversal: its costs are its receipt's.",
  COST_RECEIPT_REVERSED: "{number} was reversed: it holds no stock to cost.",
  CANNOT_SPREAD_BY_VALUE:
    "The receipt's rolls have no value to spread the landed cost by: set their unit costs or spread by yards.",
  CANNOT_SPREAD_BY_YARDS: "The receipt's rolls have no yards to spread the landed cost over.",
  COST_TOO_HIGH: "A roll's unit cost would pass the highest unit cost accepted.",
  COST_NOT_A_ROLL_OF: "{roll} is not a roll of {number}.",
  COST_NOTHING_GIVEN: "Give a roll's unit cost or a landed cost",
  COST_ROLL_TWICE: "A roll is named twice",
  LANDED_COST_NOT_NUMBER: "Landed cost must be a number",
  LANDED_COST_NOT_POSITIVE: "Landed cost must be more than 0",
  LANDED_COST_DECIMALS: "Landed cost may have at most 4 decimal places",
  LANDED_COST_TOO_LARGE: "Landed cost is too large",
  SPREAD_BY_INVALID: "spreadBy must be one of {values}",
  CLAIM_NOT_A_DELIVERY: "{number} is not a delivery from a supplier: there is nothing to claim.",
  SHORTAGES_GROUP_BY_INVALID: "groupBy must be supplier or receipt",
  IDEMPOTENCY_KEY_TOO_LONG: "Idempotency-Key must be at most {max} characters",

  // Opening-roll and packing-list rows.
  OPENING_DATE_TOO_EARLY: "The received date cannot be earlier than {earliest}.",
  OPENING_DATE_TOO_LATE: "The received date cannot be later than tomorrow ({latest}).",
  IMPORT_CELL_REQUIRED: "{column} is required.",
  IMPORT_CELL_REQUIRED_MERGED:
    "{column} is required (a merged cell fills only its first row: fill every row).",
  IMPORT_NO_SUCH_WAREHOUSE:
    'No warehouse "{warehouse}": create it first (Setup > Warehouses, or import warehouses), then import this file again.',
  IMPORT_MATERIAL_ARCHIVED_ROW: '"{material}" is archived: restore it on the Materials screen first.',
  IMPORT_WAREHOUSE_ARCHIVED_ROW: '"{warehouse}" is archived: restore it on the Warehouses screen first.',
  // An import's warnings (`warnings` and `warningDetails`): what the file says that is not read as written.
  IMPORT_COLUMN_NOT_IMPORTED: 'Column "{name}" is not imported: no field of this kind is called that.',
  IMPORT_ROLL_CODE_COLUMN:
    'Column "{name}" is not imported: the rolls get new codes; print their labels after the import.',
  IMPORT_SECOND_SPELLING:
    'Row {row} spells "{text}" where row {firstRow} has "{first}": both are taken as the same.',
  IMPORT_FILE_IMPORTED_ALREADY: "This file was imported already ({numbers}): a commit would be refused.",
  PACKING_LIST_TEXT_MISSING: "Paste the packing list in the field text.",
  PACKING_LIST_NO_LENGTH: 'The list has no "Length" column.',
  ORDER_REFERENCE_REQUIRED: "Reference is required",
  COUNT_MISSING_INVALID: 'missing must be "zero" or "keep"',
} as const;
