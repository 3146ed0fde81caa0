import { AREA_TEMPLATES } from "./error-codes-areas";
import { WORKFLOW_TEMPLATES } from "./error-codes-workflows";

/*
 * Every message the server may send in an error answer, by a stable code (CONTRACT.md section 17,
 * issue 35 item 6). The English template is the source of the `message` API clients read; the
 * client's catalogs (src/client/i18n/messages/<lang>/errors.json, key `errors.<CODE>`) hold the
 * same template in each language, so a screen renders the code and `params` in the user's language.
 *
 * Templates are ICU MessageFormat limited to plain `{name}` arguments and quoting (error-text.ts
 * renders them without a library); no two codes share a template (error-codes.test.ts).
 */
/** The answer codes, zod's own messages and the field rules every area shares. */
const GENERAL_TEMPLATES = {
  // The answer codes: `code` on every error answer, one per kind of refusal (a client may branch on it).
  VALIDATION_ERROR: "The request is not valid.",
  UNAUTHORIZED: "Please sign in to continue.",
  FORBIDDEN: "Your role does not allow this action.",
  NOT_FOUND: "That record does not exist.",
  CONFLICT: "The change conflicts with the saved data.",
  DUPLICATE: "That name is already taken.",
  IN_USE: "That record is still in use.",
  HAS_STOCK: "That record still holds stock.",
  ARCHIVED: "That record is archived.",
  INSUFFICIENT_STOCK: "Not enough stock; nothing was saved.",
  BALANCE_LIMIT: "A stock row would hold more than it may; nothing was saved.",
  VALUE_LIMIT: "A value would be too large to stay exact; nothing was saved.",
  BEFORE_FIRST_RECEIPT: "The date is before the rolls were received; nothing was saved.",
  ROLL_CHANGED: "A roll of this posting changed while it was saved; nothing was saved. Try again.",
  CANNOT_REVERSE: "This transaction cannot be reversed.",
  ALREADY_REVERSED: "This transaction was already reversed.",
  IDEMPOTENCY_MISMATCH:
    "This Idempotency-Key was already used for a different request. Use a new key for a new transaction.",
  IDEMPOTENCY_PENDING: "The first request with this Idempotency-Key has no stored answer.",
  COUNT_CLOSED: "This count is closed.",
  PO_CLOSED: "This purchase order is not open.",
  UNKNOWN_ROLL: "No roll has that code.",
  NOT_A_RECEIPT: "Only a receipt's costs can be set.",
  CANNOT_CORRECT: "The costs of this transaction cannot be corrected.",
  CANNOT_SPREAD: "The landed cost cannot be spread over these rolls.",
  OVER_RECEIPT: "This receipt takes more than the purchase order ordered; nothing was saved.",
  RESERVED: "That stock is reserved for an order; nothing was saved.",
  CANNOT_RESERVE: "There is not enough free stock to reserve.",
  ORDER_CLOSED: "This order is no longer open.",
  ALREADY_IMPORTED: "These opening rolls were already imported.",
  UNREADABLE_CELL: "A cell of the file cannot be read.",
  COUNT_EMPTY: "This count has nothing to post.",
  COUNT_TOO_LARGE: "This count holds more rolls than one count can post.",
  COUNT_RECOUNT_NEEDED: "Some rolls of this count changed since they were counted: count them again.",
  COUNT_ROLL_USED_UP_ELSEWHERE: "A counted roll was used up elsewhere since it was counted.",
  RATE_LIMITED: "Too many requests. Please wait a moment and try again.",
  LOGIN_RATE_LIMITED: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  CROSS_ORIGIN: "Cross-origin requests are not allowed.",
  UPLOAD_HEADER_MISSING: "Send an upload with the X-Requested-With header.",
  PAYLOAD_TOO_LARGE: "The request body is larger than 1 MiB.",
  UNSUPPORTED_MEDIA_TYPE: "Send the request body as application/json.",
  INVALID_JSON: "The request body is not valid JSON.",
  BAD_REQUEST: "The request cannot be read.",
  NO_ROUTE: "There is no {method} {path}.",
  DATABASE_UNAVAILABLE: "The database cannot be reached. Please try again shortly.",
  DATABASE_DISK_FULL: "The database cannot be written: the disk is full. Free some space and try again.",
  DATABASE_READ_ONLY: "The database cannot be written: it is read-only.",
  DATABASE_DISK_ERROR: "The database cannot be written: the disk reported an input/output error.",
  DATABASE_CANNOT_OPEN: "The database cannot be written: its file cannot be opened.",
  DATABASE_NO_RESOURCES:
    "The database is out of resources (memory or connections). Please try again shortly.",
  INTERNAL: "Unexpected server error",

  // zod's own messages (a value of the wrong type or shape where no schema gave its own words).
  INVALID_TYPE: "Invalid input: expected {expected}, received {received}",
  INVALID_INPUT: "Invalid input",
  INVALID_LITERAL: "Invalid input: expected {expected}",
  INVALID_PATTERN: "Invalid string: must match pattern {pattern}",
  INVALID_FORMAT: "Invalid {format}",
  INVALID_OPTION: "Invalid option: expected one of {options}",
  UNRECOGNIZED_KEY: "Unrecognized key: {keys}",
  UNRECOGNIZED_KEYS: "Unrecognized keys: {keys}",
  TOO_SMALL: "Too small: expected {origin} to have {bound} {unit}",
  TOO_SMALL_VALUE: "Too small: expected {origin} to be {bound}",
  TOO_BIG: "Too big: expected {origin} to have {bound} {unit}",
  TOO_BIG_VALUE: "Too big: expected {origin} to be {bound}",
  INVALID_VALUE: "Invalid value",
  // A message no template matches (a bug to fix by giving it a code): the English text as it is.
  UNCODED: "{text}",
  // "path: message" of the first issue, as the answer's `message` of a 400 says it.
  AT_FIELD: "{path}: {detail}",

  // Shared field rules (src/domain/common.ts, yards.ts, money.ts, list queries).
  TEXT_CONTROL_CHARACTERS: "Must not contain control characters",
  TEXT_BROKEN_CHARACTERS: "Must not contain broken characters (an unpaired surrogate)",
  TEXT_TOO_LONG: "Must be at most {max} characters",
  ID_NOT_WHOLE: "Must be an id (a whole number)",
  ID_NOT_POSITIVE: "Must be a positive id",
  ID_TOO_LARGE: "Id is too large",
  ID_TEXT: "Must be an id: a whole number from 1 to {max}, in digits only",
  ID_MISMATCH: "The id in the body ({bodyId}) does not match the id in the address ({pathId}).",
  DATE_FORMAT: "Use the date format yyyy-MM-dd",
  DATE_NOT_REAL: "Not a real calendar date",
  NOT_BOOLEAN: "Must be true or false",
  YARDS_NOT_NUMBER: "Yards must be a number",
  YARDS_DECIMALS: "Yards may have at most 2 decimal places",
  YARDS_TOO_LARGE: "Yards are too large",
  YARDS_NOT_POSITIVE: "Yards must be more than 0",
  UNIT_COST_NOT_NUMBER: "Unit cost must be a number",
  UNIT_COST_NEGATIVE: "Unit cost cannot be negative",
  UNIT_COST_DECIMALS: "Unit cost may have at most 4 decimal places",
  UNIT_COST_TOO_LARGE: "Unit cost is too large",
  UNKNOWN_FIELD_SUGGESTION: 'Unknown field "{field}": did you mean "{meant}"?',
  QUERY_TEXT_ONCE: "Must be text, sent once",
  LIMIT_RANGE: "Must be a whole number from 1 to {max}",
  OFFSET_RANGE: "Must be a whole number from 0 to {max}",
  FILTER_NAMES_DISAGREE: "{first} and {second} name the same filter with different values: send one of them",
  FORMAT_UNSUPPORTED: 'Format "{format}" is not supported: use {formats}',
  FORMAT_ONE: "Use one format: {formats}",
  FORMAT_JSON_ONLY: 'Format "{format}" is not supported: {method} {path} answers JSON only',
  FORMAT_JSON_ONLY_ROUTE: "{method} {path} answers JSON only",
  MUST_BE_ONE_OF: "Must be one of {values}",
  STATUS_MUST_BE_ONE_OF: "status must be one of {values}",
  UNKNOWN_TRANSACTION_TYPE: 'Unknown transaction type "{type}"',
  ONE_TRANSACTION_TYPE: "Send one transaction type",
  UNKNOWN_ROLL_STATUS: 'Status "{status}" is not one of {values}',
  ONE_ROLL_STATUS: "Send one status",
  UNKNOWN_SORT: 'Cannot sort by "{sort}": sort by one of {columns}',
  ONE_SORT: "Send one sort column",
  SORT_ORDER_INVALID: "Must be asc or desc",
  IDEMPOTENCY_KEY_BLANK: "Idempotency-Key must not be blank",
  FIND_YARDS_POSITIVE: "Yards must be greater than 0",
  GROUP_BY_INVALID: "Must be one of {values} (or absent for no grouping)",
} as const;

// A code named in both parts would silently keep one template: refused at compile time.
type General = keyof typeof GENERAL_TEMPLATES;
type Areas = keyof typeof AREA_TEMPLATES;
type Workflows = keyof typeof WORKFLOW_TEMPLATES;
type SharedCodes = (General & Areas) | (General & Workflows) | (Areas & Workflows);
const disjoint: [SharedCodes] extends [never] ? true : never = true;

export const ERROR_TEMPLATES = disjoint && { ...GENERAL_TEMPLATES, ...AREA_TEMPLATES, ...WORKFLOW_TEMPLATES };

export type ErrorCode = keyof typeof ERROR_TEMPLATES;

/** The values a code's template names, as they travel in `params`. */
export type ErrorParams = Record<string, string | number>;

export const ERROR_CODES = Object.keys(ERROR_TEMPLATES) as ErrorCode[];
