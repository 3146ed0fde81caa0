/**
 * The messages of each area (sign-in, master data, rolls, postings, counts, purchase orders,
 * reports, imports), by code: part of the one registry in error-codes.ts, which says how they are
 * written and used.
 */
export const AREA_TEMPLATES = {
  // Sign-in and users.
  INVALID_CREDENTIALS: "Invalid username or password.",
  SIGN_IN_FIRST: "Sign in first.",
  ADMIN_ONLY_USER_HISTORY: "Only an administrator can see the history of a user.",
  ADMIN_EXISTS: "The administrator has already been created. Please sign in.",
  CURRENT_PASSWORD_WRONG: "The current password is not correct.",
  PASSWORD_REQUIRED: "Password is required",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters",
  PASSWORD_TOO_LONG: "Password must be at most 128 characters",
  CURRENT_PASSWORD_REQUIRED: "Current password is required",
  USERNAME_REQUIRED: "Username is required",
  USERNAME_TOO_LONG: "Username must be at most 64 characters",
  USERNAME_SHAPE: "Username may use letters, digits and . _ @ -",
  ROLE_INVALID: "Role must be admin, clerk or viewer",
  LANGUAGE_INVALID: "Language must be en or id",
  LENGTH_UNIT_INVALID: "Length unit must be yd or m",
  USER_EXISTS: 'A user named "{username}" already exists.',
  USER_NOT_FOUND: "That user does not exist.",
  LAST_ADMIN: "At least one active administrator must remain.",

  // Master data: warehouses, suppliers, materials, thresholds, archiving.
  WAREHOUSE_NAME_REQUIRED: "Warehouse name is required",
  SUPPLIER_NAME_REQUIRED: "Supplier name is required",
  MATERIAL_TYPE_REQUIRED: "Material type is required",
  COLOR_NAME_REQUIRED: "Color name is required",
  REMNANT_BELOW_NOT_NUMBER: "Remnant below must be a number of yards (0 or more)",
  REMNANT_BELOW_NEGATIVE: "Remnant below must be 0 or more yards (0 turns remnants off)",
  REMNANT_BELOW_DECIMALS: "Remnant below may have at most 2 decimal places",
  REMNANT_BELOW_TOO_LARGE: "Remnant below must be {max} yards or less (a remnant is a short piece)",
  WAREHOUSE_EXISTS: 'A warehouse named "{name}" already exists.',
  SUPPLIER_EXISTS: 'A supplier named "{name}" already exists.',
  MATERIAL_EXISTS: 'Material "{name}" already exists.',
  WAREHOUSE_NOT_FOUND: "That warehouse does not exist.",
  SUPPLIER_NOT_FOUND: "That supplier does not exist.",
  MATERIAL_NOT_FOUND: "That material does not exist.",
  MATERIAL_ID_NOT_FOUND: "Material {id} does not exist.",
  MATERIAL_REQUIRED: "Material is required",
  THRESHOLD_NOT_FOUND: "That threshold does not exist.",
  THRESHOLD_VALUE_REQUIRED: "Threshold value is required",
  THRESHOLD_NOT_POSITIVE: "Must be a positive number",
  THRESHOLD_TOO_LARGE: "Threshold is too large",
  THRESHOLD_BATCH_INVISIBLE: "Batch must have a visible character, or be blank for all batches",
  THRESHOLD_EXISTS: "A threshold for {material} ({scope}) already exists.",
  THRESHOLD_MATERIAL_ARCHIVED:
    "That material is archived. Restore it on the Materials screen before giving it a threshold.",
  CANNOT_DELETE_IN_USE:
    "{record} cannot be deleted: {uses}. Archive it instead: it stays in the history and leaves the pickers.",
  CANNOT_ARCHIVE_WAREHOUSE_STOCK:
    "{record} cannot be archived: it still holds {stockYards} of stock. Transfer or issue that stock first, then archive it.",
  CANNOT_ARCHIVE_MATERIAL_STOCK:
    "{record} cannot be archived: it still holds {stockYards} of stock. Issue that stock first, then archive it.",

  // Rolls.
  ROLL_NOT_FOUND: "That roll does not exist.",
  ROLL_CODE_NOT_FOUND: 'No roll has the code "{code}".',
  ROLL_LENGTH_NOT_POSITIVE: "Each roll needs a length greater than 0",
  ROLL_TICKET_NOT_POSITIVE: "A ticket length must be greater than 0",
  ROLL_WIDTH_RANGE: "Width must be between {min} and {max} inches",
  ROLL_WIDTH_DECIMALS: "Width may have at most 2 decimal places",
  BIN_TOO_LONG: "Bin must be at most {max} characters",
  ROLL_LENGTH_BY_POSTING_ONLY: "A roll's length changes only by a posting (a cut, a transfer or a count)",
  ROLL_PATCH_FIELDS_ONLY: "Only bin and widthInches can be changed here",
  ROLL_PATCH_EMPTY: "Send bin and/or widthInches",
  ROLL_IDS_LIST: "ids must be up to {max} roll ids separated by commas",

  // Transactions: the kind's rules (src/domain/transaction.ts).
  TRANSACTION_DATE_REQUIRED: "Transaction date is required",
  TRANSACTION_DATE_TOO_EARLY: "The transaction date cannot be earlier than {earliest}.",
  TRANSACTION_DATE_TOO_LATE: "The transaction date cannot be later than tomorrow ({latest}).",
  TRANSACTION_TYPE_MISMATCH: 'This is a {type} posting; the body names "{named}"',
  SUPPLIER_REQUIRED: "Supplier is required",
  WAREHOUSE_REQUIRED: "Warehouse is required",
  SOURCE_WAREHOUSE_REQUIRED: "Source warehouse is required",
  DESTINATION_WAREHOUSE_REQUIRED: "Destination warehouse is required",
  REASON_CODE_REQUIRED: "Reason code is required",
  REASON_CODE_INVALID: "Reason code must be one of: {reasons}",
  SAME_WAREHOUSES: "Source and destination warehouses must be different",
  NO_ITEMS: "You must add at least one item",
  TOO_MANY_ITEMS: "A transaction may have at most {max} items",
  ITEM_MATERIAL_REQUIRED: "All items must have a material selected",
  ITEM_BATCH_REQUIRED: "All items must have a batch specified",
  ITEM_YARDS_POSITIVE: "All items must have yards greater than 0",
  ITEM_YARDS_NON_NEGATIVE: "All items must have yards greater than or equal to 0",
  COUNTED_YARDS_REQUIRED: "Each stock opname item needs countedYards (or yards together with systemYards)",
  DUPLICATE_COUNT: "Each material and batch may be counted only once in a stock opname",
  BATCH_TOO_LONG: "Batch must be at most {max} characters",
  TOO_MANY_ROLLS_PER_ITEM: "An item may have at most {max} rolls",
  TOO_MANY_ROLLS_PER_POSTING: "A posting may have at most {max} rolls",
  NO_ROLLS: "Add at least one roll, or leave the roll list out",
  YARDS_NOT_SUM_OF_ROLLS: "Yards must equal the sum of the rolls' lengths",
  ROLLS_ONLY_ON_RECEIVE: "Only a receive takes a roll list",
  ROLL_ID_NOT_ON_RECEIVE: "A receive makes new rolls; it cannot name an existing roll",
  UNIT_COST_ONLY_ON_RECEIVE:
    "Unit cost is set when fabric is received; other transactions take it from the rolls",
  ROLL_COUNTED_TWICE: "Each roll may be counted only once in a stock opname",
  ROLL_AND_BATCH_COUNT: "A batch counted as a whole cannot also be counted roll by roll",
  DESTINATION_BIN_ONLY_ON_TRANSFER: "Only a transfer puts rolls in a destination bin",
  TRANSACTION_NOT_FOUND: "That transaction does not exist.",

  // Posting refusals (src/server/modules/transactions/posting/).
  SUPPLIER_ARCHIVED:
    "That supplier is archived. Restore it on the Suppliers screen, or choose another supplier.",
  WAREHOUSE_ARCHIVED:
    "That warehouse is archived. Restore it on the Warehouses screen, or choose another warehouse.",
  MATERIAL_ARCHIVED:
    "That material is archived. Restore it on the Materials screen, or choose another material.",
  STOCK_SHORT:
    "Not enough stock of {material}, batch {batch} at {warehouse}: {availableYards} available, {requestedYd} requested.",
  STOCK_OVER_LIMIT:
    "The stock of {material}, batch {batch} at {warehouse} would exceed {limitYards}, the most one stock row may hold: {availableYards} now, {addedYd} added. Nothing was saved.",
  ROLLS_HOLD_LESS:
    "The rolls of {material}, batch {batch} at {warehouse} hold less than its stock; run npm run check. Nothing was saved.",
  POSTING_STOCK_SHORT: "Not enough stock for this posting; nothing was saved.",
  POSTING_REFERENCE_GONE:
    "A supplier, warehouse or material of this posting no longer exists; nothing was saved.",
  ROLL_DOES_NOT_EXIST: "Roll {roll} does not exist.",
  ROLL_OTHER_MATERIAL: "Roll {roll} is {material}, batch {batch}, not this item's material and batch.",
  ROLL_ELSEWHERE: "Roll {roll} is at {warehouse}, not at {expected}.",
  ROLLS_CANNOT_SERVE: "{count} rolls cannot serve their items: {problems}",
  ROLL_HOLDS_LESS: "Roll {roll} holds {holdsYards}; {requestedYd} requested.",
  ROLL_HOLDS_LESS_ONE: "Roll {roll} holds {holdsYards}; {requestedYd} requested. Nothing was saved.",
  ROLLS_HOLD_LESS_THAN_ASKED: "{rolls} hold less than requested: {problems} Nothing was saved.",
  ROLL_RECEIVED_AFTER: "{roll} was first received on {date}; the date cannot be before it.",
  ROLL_MOVED_AFTER: "{roll} was moved here on {date}; the date cannot be before it.",
  ROLL_RECEIVED_AFTER_ONE:
    "{roll} was first received on {rollDate}; the date ({date}) cannot be before it. Nothing was saved.",
  ROLL_MOVED_AFTER_ONE:
    "{roll} was moved here on {rollDate}; the date ({date}) cannot be before it. Nothing was saved.",
  ROLLS_RECEIVED_AFTER:
    "{rolls} were first received after {date}; the date cannot be before a roll's first receipt. Nothing was saved.",
  ROLLS_MOVED_AFTER:
    "{rolls} were received or moved here after {date}; the date cannot be before a roll is there. Nothing was saved.",
  VALUE_TOO_LARGE:
    "{what} would be worth more than {limit}, the most one roll, batch or warehouse may be worth and stay exact to the ten-thousandth. Nothing was saved.",

  // Reversals.
  REVERSAL_REASON_REQUIRED: "A reason is required to reverse a transaction",
  REVERSAL_NOT_ALLOWED: "Only an administrator or the clerk who posted it may reverse this transaction.",
  REVERSAL_OF_REVERSAL: "A reversal cannot be reversed.",
  REVERSAL_DATE_RANGE:
    "The reversal's date must be between the transaction's date ({original}) and tomorrow ({latest}).",
  REVERSAL_STOCK_SHORT: "Not enough stock to reverse this transaction; nothing was saved.",
  REVERSAL_INTO_ARCHIVED:
    "The reversal would put stock back into the archived {names}; restore it first. Nothing was saved.",
  REVERSAL_RESERVED:
    "{problems}. Release the reservation on the order first, then reverse. Nothing was saved.",
  REVERSAL_ROLLS_IN_THE_WAY: "{problems} This transaction cannot be reversed; nothing was saved.",
  REVERSAL_ROLL_ELSEWHERE: "Roll {roll} is now at {warehouse}, not at {expected}.",
  REVERSAL_ROLL_HOLDS_LESS: "Roll {roll} holds {holdsYards}; the reversal takes {takesYd}.",

  // Counts (stock opname sessions).
  COUNT_NOT_FOUND: "That count does not exist.",
  COUNT_NOT_OPEN: "{number} is {status}: it takes no more changes.",
  COUNT_WAREHOUSE_ARCHIVED: 'Warehouse "{name}" is archived: restore it before counting it.',
  COUNT_ROLL_CODE_REQUIRED: "Scan or type a roll code.",
  COUNT_ROLL_UNKNOWN: 'No roll has the code "{code}": check the label, or enter the piece as unlabelled.',
  COUNTED_YARDS_NOT_NUMBER: "Counted yards must be a number",
  COUNTED_YARDS_NEGATIVE: "Counted yards must be 0 or more",
  COUNTED_YARDS_DECIMALS: "Counted yards may have at most 2 decimal places",
  COUNTED_YARDS_TOO_LARGE: "Counted yards are too large",
  COUNT_BIN_INVISIBLE: "A bin must have a visible character",
  COUNT_BIN_TOO_LONG: "A bin is at most {max} characters",
  COUNT_BINS_EMPTY: "List at least one bin, or leave bins out to count the whole warehouse",
  COUNT_MATERIALS_EMPTY: "List at least one material, or leave materials out to count them all",
  COUNT_BATCH_REQUIRED: "Batch is required",
  COUNT_UNLABELLED_LENGTH: "An unlabelled piece must have a length",
  COUNT_ENTRY_SHAPE:
    "Send rollCode or rollId with countedYards, or unlabelled: '{ materialId, batch, countedYards }'",

  // Purchase orders.
  PURCHASE_ORDER_NOT_FOUND: "That purchase order does not exist.",
  PURCHASE_ORDER_NOT_OPEN: "{number} is {status}: only an open order can be closed.",
  PURCHASE_ORDER_NO_LINES: "Add at least one line",
  PURCHASE_ORDER_TOO_MANY_LINES: "At most {max} lines",
  PURCHASE_ORDER_SAME_MATERIAL:
    "Line {line} orders the same material as line {first}: add the yards to one line",
  PURCHASE_ORDER_SUPPLIER_ARCHIVED: 'Supplier "{name}" is archived: restore it before ordering.',
  PURCHASE_ORDER_WAREHOUSE_ARCHIVED: 'Warehouse "{name}" is archived: restore it before ordering.',
  PURCHASE_ORDER_MATERIAL_ARCHIVED: 'Material "{name}" is archived: restore it before ordering.',

  // Reports and stock.
  END_BEFORE_START: "End date must be on or after the start date",
  STOCK_CARD_MATERIAL_REQUIRED: "Choose a material: the stock card is of one material",
  STOCK_CARD_MATERIAL_MISSING: "Material {id} was not found.",
  STOCK_CARD_WAREHOUSE_MISSING: "Warehouse {id} was not found.",
  AS_OF_FUTURE: "As of must be today or a date before it",
  AS_OF_FUTURE_SENTENCE: "As of must be today or a date before it.",
  REPORT_SORT_GROUPED: 'Cannot sort by "{sort}" with groupBy: sort by one of {columns}',
  REPORT_SORT_UNGROUPED: 'Cannot sort by "{sort}" without groupBy: sort by one of {columns}',

  // Imports (a file's rows and columns).
  IMPORT_KIND_INVALID: "Import one of: {kinds}",
  IMPORT_MODE_INVALID: "mode must be preview or commit",
  IMPORT_TEMPLATE_FORMAT_INVALID: "format must be csv or xlsx",
  IMPORT_FILE_MISSING: 'Attach the file in the field "file".',
  TOO_MANY_ROWS: "The file has more than {max} rows: split it into smaller files.",
  IMPORT_FILE_TOO_LARGE: "The file is larger than 20 MB: split it into smaller files.",
  NOT_A_SPREADSHEET:
    "The file is neither a CSV (UTF-8 text) nor an XLSX workbook. Save it from the spreadsheet as CSV UTF-8 or Excel Workbook (.xlsx).",
  EMPTY_FILE: "The file is empty: its first row must name the columns.",
  NO_ROWS: "The file has a header row but no data rows.",
  UNREADABLE_CSV: "The CSV file could not be read: {reason}",
  IMPORT_HAS_ERROR: "The file has an error: nothing was imported.",
  IMPORT_HAS_ERRORS: "The file has {count} errors: nothing was imported.",
  IMPORT_CHANGED_MEANWHILE: "Another change to the same records was saved meanwhile: preview the file again.",
  IMPORT_ERRORS: "The file has errors: nothing was imported.",
  IMPORT_NOT_MULTIPART: 'Send the file as multipart/form-data in the field "file".',
  IMPORT_DUPLICATE_COLUMN: 'Columns "{first}" and "{second}" are both {column}: keep one.',
  IMPORT_MISSING_COLUMN: 'The file has no "{column}" column.',
  IMPORT_DUPLICATE_ROW: "Row {first} names the same {entity}: keep one row for it.",
  IMPORT_CELL_FORMULA: '{column} holds a formula ("{text}"): type the value itself.',
  IMPORT_CELL_STATUS: "{column} must be Active or Inactive.",
  IMPORT_CELL_NOT_NUMBER: "{column} must be a number.",
  IMPORT_CELL_DATE_NOT_NUMBER: "{column} must be a number, not a date.",
  COUNT_POST_WAREHOUSE_ARCHIVED: 'Warehouse "{name}" is archived: restore it before posting its count.',
  COUNT_ROLLS_IN_ARCHIVED_WAREHOUSE:
    "These rolls belong to an archived warehouse: {rolls}. Restore it to move them here.",
  COUNT_MATERIAL_ARCHIVED: "Material {names} is archived: restore it before posting this count.",
  COUNT_NOTHING_COUNTED: "{number} has nothing counted: count some rolls, or cancel it.",
  COUNT_ROLL_MOVED: "A counted roll moved while the count was posted; nothing was posted. Try again.",
  COUNT_NOTHING_TO_POST: "{number} has nothing to post (every roll counted is elsewhere or gone): cancel it.",
  COUNT_TOO_MANY_ROLLS:
    "{number} would post {count} rolls, more than the {max} one count can: cancel it and count the warehouse in parts (by bins or materials).",
  COUNT_AGAIN: "Count these rolls again, nothing was posted: {rolls}.",
  COUNT_ROLLS_USED_UP_ELSEWHERE:
    "These rolls are used up at another warehouse and cannot be moved here: {rolls}. Count each again at 0 and enter the piece as unlabelled; nothing was posted.",
  OPENING_ROLLS_ALREADY_IMPORTED:
    "This file was imported already{posted}: importing it again would count its rolls twice. Nothing was saved.",
  SHEET_CELL_UNREADABLE:
    "Row {row}, column {column} of the sheet cannot be read (a formula without its value?): type the value itself, or open the file in a spreadsheet and save it again.",
  PACKING_LIST_EMPTY: "Paste the packing list: one roll per line.",
  PACKING_LIST_UNREADABLE: "The packing list could not be read: {reason}",
  PO_CLOSED_FOR_RECEIPT: "{number} is closed: nothing more can be received against it.",
  PO_OTHER_SUPPLIER: "{number} is ordered from another supplier.",
  PO_OTHER_WAREHOUSE: "{number} is to be delivered to another warehouse.",
  PO_NOT_A_LINE: "That is not a line of {number}.",
  PO_MATERIAL_NOT_ON: "{material} is not on {number}.",
  PO_LINE_OTHER_MATERIAL: "That line of {number} orders another material.",
  OVER_RECEIPT_ADMIN_ONLY: "Only an administrator may receive more than a purchase order's tolerance.",
  COST_ROLL_MOVED: "A roll of this receipt moved while its costs were saved; nothing was saved. Try again.",
  COST_ROLL_CHANGED:
    "A roll of this receipt changed while its costs were saved; nothing was saved. Try again.",
  COST_CORRECTION_NOT_REVERSED: "A cost correction is not reversed: correct the costs again.",
  COST_NOTHING_TO_CORRECT: "Those are the rolls' costs already: nothing was corrected.",
  ORDER_CANNOT_CANCEL: "{number} is {status}: it cannot be cancelled.",
  ORDER_CLOSED_FOR_RESERVING: "{number} is {status}: nothing can be reserved for it.",
  ORDER_CLOSED_FOR_POSTING: "{number} is {status}: nothing more can be posted for it.",
  PO_ONLY_ON_RECEIVE: "Only a receive is received against a purchase order",
  PO_LINE_WITHOUT_ORDER: "A purchase order line needs the receive's purchaseOrderId",
  ORDER_ON_USAGE_ONLY: "Only a production usage can fulfil an order",
  IMPORT_CELL_MONEY_DECIMALS: "{column} may have at most 4 decimal places.",
  IMPORT_COLUMN_IN_METRES:
    'Column "{name}" is in metres; the import reads {header}: export in yards to import it.',
  IMPORT_CELL_NOT_DATE: '{column} must be a date written yyyy-MM-dd ("{text}" is not).',
  IMPORT_CELL_TEXT_NOT_NUMBER: '{column} must be a number ("{text}" is not).',
  IMPORT_CELL_NOT_WHOLE: "{column} must be a whole number.",
  IMPORT_CELL_DECIMALS: "{column} may have at most 2 decimal places.",
  IMPORT_CELL_TOO_LARGE: "{column} is too large.",
  IMPORT_NO_SUCH_MATERIAL:
    'No material "{material}": create it first (Setup > Materials, or import materials), then import this file again.',
  IMPORT_MATERIAL_ARCHIVED:
    '"{material}" is archived: restore it on the Materials screen before giving it a threshold.',
} as const;
