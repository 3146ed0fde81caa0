import type { FieldPath } from "react-hook-form";
import { BIN_MAX } from "../../../../domain/roll";
import {
  TRANSACTION_MESSAGES,
  type TransactionInput,
  transactionSchemaFor,
} from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { t, translateMessage } from "../../../i18n";
import { lengthErrorKey } from "../../../lib/format";
import { type BatchMatch, needsNewBatchConfirmation } from "./batch-match";
import {
  isConsumption,
  isMalformedYards,
  lengthError,
  rollsOf,
  type SystemYardsLookup,
  type TransactionFormValues,
  toPayload,
} from "./form-model";

/**
 * The transaction form's validation: the domain's rules of the kind (the schema the server
 * applies) on the payload form-model.ts builds, plus the form's own, each issue at its field.
 */

export interface FormIssue {
  /** A form field path: "supplierId", "items.0.batch", ... */
  path: string;
  message: string;
  /** Items: the short message shown at the row's field (the toast says `message`). */
  fieldMessage?: string;
}

/**
 * The form's own item rules, beside the domain's (TRANSACTION_MESSAGES): catalog keys, said in the
 * user's language where they are shown (the toast, the fields).
 */
export const FORM_MESSAGES = {
  yardsFormat: "transactions.form.yardsFormat",
  yardsNotNumber: "transactions.form.yardsNotNumber",
  destinationBin: "transactions.form.destinationBin",
  newBatch: "transactions.form.newBatch",
  unitCostFormat: "transactions.form.unitCostFormat",
} as const;

/** An item message as the toast says it, in the user's language (a domain message by its English). */
export function itemMessageText(message: string): string {
  if (message === FORM_MESSAGES.destinationBin) return t(message, { max: BIN_MAX });
  return translateMessage(message);
}

/** The short message at a row's field for an item rule's message, in the user's language. */
function fieldMessageOf(field: string, message: string, kind: TransactionKind): string {
  const short: Record<string, string | undefined> = {
    [TRANSACTION_MESSAGES.material]:
      field === "typeName" ? "transactions.field.selectType" : "transactions.field.selectColor",
    [TRANSACTION_MESSAGES.batch]: isConsumption(kind)
      ? "transactions.field.selectBatch"
      : "transactions.field.enterBatch",
    [TRANSACTION_MESSAGES.duplicateCount]: "transactions.field.countedTwice",
    [TRANSACTION_MESSAGES.yardsPositive]: "transactions.field.moreThanZero",
    [TRANSACTION_MESSAGES.yardsNonNegative]: "transactions.field.zeroOrMore",
    [FORM_MESSAGES.yardsFormat]: "transactions.field.yardsFormat",
    [FORM_MESSAGES.yardsNotNumber]: "transactions.field.notANumber",
    [FORM_MESSAGES.newBatch]: "transactions.field.confirmNewBatch",
    [FORM_MESSAGES.unitCostFormat]: "transactions.field.unitCostFormat",
  };
  if (message === FORM_MESSAGES.destinationBin) return t("transactions.field.binTooLong", { max: BIN_MAX });
  const key = short[message];
  return key ? t(key) : message;
}

/**
 * Why typed yards are not read as a number: a decimal comma ("12,5") is a number written the other
 * way, said with the dot; anything else ("1O" with a letter O, "12 yd") is no number at all. Another
 * language or metres: the reason lib/format.ts gives (the other decimal mark, an unclear 12.500...).
 */
export function malformedYardsIssue(text: string): { message: string; fieldMessage: string } {
  const error = lengthError(text);
  // The toast says the whole reason; the field, narrow, says it short.
  if (error) return { message: lengthErrorKey(error), fieldMessage: t(`transactions.field.length.${error}`) };
  if (/^\s*[\d.,]+\s*$/.test(text) && text.includes(","))
    return { message: FORM_MESSAGES.yardsFormat, fieldMessage: t("transactions.field.yardsFormat") };
  return {
    message: FORM_MESSAGES.yardsNotNumber,
    fieldMessage: t("transactions.field.notANumberTyped", { text: text.trim() }),
  };
}

/** How a row's typed batch relates to its material's batches; undefined while not known yet. */
export type BatchMatchLookup = (materialId: string, batch: string) => BatchMatch | undefined;

export interface FormValidation {
  /** Header fields: shown at the fields. */
  fieldIssues: FormIssue[];
  /** Item rows: marked at the row's fields. */
  itemIssues: FormIssue[];
  /** The distinct item messages for the "Validation error" toast, in the spec's order. */
  itemMessages: string[];
  payload: TransactionInput;
}

const ITEM_MESSAGE_ORDER: string[] = [
  TRANSACTION_MESSAGES.noItems,
  TRANSACTION_MESSAGES.tooManyItems,
  TRANSACTION_MESSAGES.material,
  TRANSACTION_MESSAGES.batch,
  FORM_MESSAGES.newBatch,
  TRANSACTION_MESSAGES.duplicateCount,
  FORM_MESSAGES.yardsFormat,
  FORM_MESSAGES.yardsNotNumber,
  ...(["wrongDecimalMark", "ambiguousGrouping", "tooManyDecimals", "notANumber"] as const).map(
    lengthErrorKey,
  ),
  TRANSACTION_MESSAGES.yardsPositive,
  TRANSACTION_MESSAGES.yardsNonNegative,
];

/**
 * Validates the form with the domain's rules of `kind` (the same schema the server applies), plus
 * the form's own: yards typed as plain numbers, a missing material marked at its type too, and (with
 * `batchMatchOf`, Receive and Stock Opname) a batch the material does not have confirmed as new.
 */
export function validateForm(
  kind: TransactionKind,
  values: TransactionFormValues,
  systemYardsOf: SystemYardsLookup,
  batchMatchOf?: BatchMatchLookup,
): FormValidation {
  const payload = toPayload(kind, values, systemYardsOf);
  const result = transactionSchemaFor(kind).safeParse(payload);
  const fieldIssues: FormIssue[] = [];
  const itemIssues: FormIssue[] = [];
  const addItemIssue = (index: number, field: string, message: string, fieldMessage?: string) =>
    itemIssues.push({
      path: `items.${index}.${field}`,
      message,
      fieldMessage: fieldMessage ?? fieldMessageOf(field, message, kind),
    });
  const addMalformedYards = (index: number, field: string, text: string) => {
    const issue = malformedYardsIssue(text);
    addItemIssue(index, field, issue.message, issue.fieldMessage);
  };
  const malformed = new Set<number>();
  // Roll fields ("items.0.rolls.3.lengthYards") typed as something other than a plain number.
  const malformedRollFields = new Set<string>();
  values.items.forEach((row, i) => {
    if (kind === "receive" && isMalformedYards(row.unitCost ?? ""))
      addItemIssue(i, "unitCost", FORM_MESSAGES.unitCostFormat);
    const rolls = kind === "receive" ? rollsOf(row) : [];
    rolls.forEach(({ roll, at }, j) => {
      for (const field of ["lengthYards", "ticketYards"] as const) {
        if (!isMalformedYards(roll[field])) continue;
        malformedRollFields.add(`${i}.${j}.${field}`);
        addMalformedYards(i, `rolls.${at}.${field}`, roll[field]);
      }
    });
    if (rolls.length > 0 || !isMalformedYards(row.yards)) return;
    malformed.add(i);
    addMalformedYards(i, "yards", row.yards);
  });
  for (const issue of result.success ? [] : result.error.issues) {
    const [head, index, field, rollIndex, rollField] = issue.path.map(String);
    if (head !== "items") {
      fieldIssues.push({ path: issue.path.join("."), message: issue.message });
      continue;
    }
    if (index === undefined || field === undefined) {
      itemIssues.push({ path: "items", message: issue.message });
      continue;
    }
    if (field === "rolls") {
      // A roll's own field, or the item's width and bin (typed once for all its rolls); a rule
      // about the whole list (too many rolls) is said at the item's yards, their sum.
      if (rollIndex === undefined || rollField === undefined)
        addItemIssue(Number(index), "yards", issue.message);
      else if (rollField === "widthInches") addItemIssue(Number(index), "rollWidth", issue.message);
      else if (rollField === "bin") addItemIssue(Number(index), "rollBin", issue.message);
      else if (!malformedRollFields.has(`${index}.${rollIndex}.${rollField}`)) {
        // The payload leaves blank roll rows out: name the row the clerk sees.
        const at = rollsOf(values.items[Number(index)] ?? { rolls: [] })[Number(rollIndex)]?.at;
        addItemIssue(Number(index), `rolls.${at ?? rollIndex}.${rollField}`, issue.message);
      }
      continue;
    }
    // A blank counted amount: the spec's wording rather than the API's.
    // The toast names the field: the domain's text ("Must be at most 40 characters") does not.
    const message =
      issue.message === TRANSACTION_MESSAGES.countedRequired
        ? TRANSACTION_MESSAGES.yardsNonNegative
        : field === "destinationBin"
          ? FORM_MESSAGES.destinationBin
          : issue.message;
    const rowField = field === "countedYards" ? "yards" : field;
    // Yards that are not a plain number are named as such, not as "0".
    if (rowField === "yards" && malformed.has(Number(index))) continue;
    addItemIssue(Number(index), rowField, message);
    // No material: the Material Type is what to choose first.
    const row = values.items[Number(index)];
    if (rowField === "materialId" && row && !row.typeName) addItemIssue(Number(index), "typeName", message);
  }
  if (batchMatchOf && !isConsumption(kind)) {
    values.items.forEach((row, i) => {
      const batch = row.batch.trim();
      if (!row.materialId || !batch || row.confirmedBatch === batch) return;
      const match = batchMatchOf(row.materialId, batch);
      if (match && needsNewBatchConfirmation(match))
        addItemIssue(i, "confirmedBatch", FORM_MESSAGES.newBatch);
    });
  }
  const distinct = [...new Set(itemIssues.map((i) => i.message))];
  const rank = (m: string) => {
    const at = ITEM_MESSAGE_ORDER.indexOf(m);
    return at === -1 ? ITEM_MESSAGE_ORDER.length : at;
  };
  distinct.sort((a, b) => rank(a) - rank(b));
  return { fieldIssues, itemIssues, itemMessages: distinct, payload };
}

/** The form field of a server issue's path, or null when the form has no such field. */
export function formPathOf(path: string): FieldPath<TransactionFormValues> | null {
  const roll = /^items\.(\d+)\.rolls\.(\d+)\.(lengthYards|ticketYards|widthInches|bin)$/.exec(path);
  if (roll) {
    const [, item, at, field] = roll;
    if (field === "widthInches") return `items.${Number(item)}.rollWidth`;
    if (field === "bin") return `items.${Number(item)}.rollBin`;
    return `items.${Number(item)}.rolls.${Number(at)}.${field as "lengthYards" | "ticketYards"}`;
  }
  const item = /^items\.(\d+)\.(materialId|batch|yards|rollId|unitCost|destinationBin)$/.exec(path);
  if (item)
    return `items.${Number(item[1])}.${item[2] as "materialId" | "batch" | "yards" | "rollId" | "unitCost" | "destinationBin"}`;
  const header =
    /^(transactionDate|supplierId|warehouseId|sourceWarehouseId|destinationWarehouseId|reasonCode|notes|referenceDocument)$/.exec(
      path,
    );
  return header ? (header[1] as FieldPath<TransactionFormValues>) : null;
}
