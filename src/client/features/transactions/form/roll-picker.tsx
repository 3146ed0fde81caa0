import type { Roll } from "../../../../domain/roll";
import { Combobox, type ComboboxOption } from "../../../components/ui/combobox";
import { t } from "../../../i18n";
import { formatLengthWithUnit } from "../../../lib/format";

/** The picker's value for "no roll named": the server takes the key's rolls, shortest first. */
export const ANY_ROLL = "any";

/**
 * "R000123 · 45.50 yd", the bin and a remnant said in the list only. A roll that orders hold yards
 * in offers its available yards (issue 38), with what is reserved in the hint: the server refuses
 * more than that from a usage without the order. "bin" and its code are held
 * together (a no-break space), so that a list that wraps its options breaks between the facts.
 */
export function rollOption(roll: Roll): ComboboxOption {
  const notes = [
    roll.bin && t("transactions.rollPicker.bin", { bin: roll.bin }),
    roll.status === "Remnant" && t("transactions.rollPicker.remnant"),
    roll.reservedYards > 0 &&
      t("transactions.rollPicker.reserved", { length: formatLengthWithUnit(roll.reservedYards) }),
  ].filter(Boolean);
  const offered = roll.reservedYards > 0 ? roll.availableYards : roll.lengthYards;
  return {
    value: String(roll.id),
    label: `${roll.code} · ${formatLengthWithUnit(offered)}`,
    keywords: roll.bin ?? undefined,
    hint: notes.length > 0 ? notes.join(", ") : undefined,
  };
}

interface RollPickerProps {
  id?: string;
  /** The chosen roll id, "" for any roll. */
  value: string;
  onChange: (rollId: string) => void;
  /** The rolls of the row's (material, batch) at the warehouse, in taking order; undefined while loading. */
  rolls: Roll[] | undefined;
  /** The row has no material and batch yet. */
  disabled: boolean;
  failed: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * Production usage, waste, return and transfer: which roll an item is cut from (CONTRACT.md
 * section 8). "Any roll, shortest first" (the default) names none, so the server finishes open
 * pieces before it cuts a full roll; a picked roll is named by its code and length.
 */
export function RollPicker({ value, onChange, rolls, disabled, failed, ...rest }: RollPickerProps) {
  const anyRoll = t("transactions.rollPicker.any");
  const options: ComboboxOption[] = [{ value: ANY_ROLL, label: anyRoll }, ...(rolls ?? []).map(rollOption)];
  // A picked roll the list no longer has (used up meanwhile) stays shown until changed.
  if (value && !options.some((o) => o.value === value))
    options.push({ value, label: t("transactions.rollPicker.rollNumber", { id: value }) });
  return (
    <Combobox
      {...rest}
      options={options}
      value={value || ANY_ROLL}
      onChange={(next) => onChange(next === ANY_ROLL ? "" : next)}
      placeholder={anyRoll}
      searchPlaceholder={t("transactions.rollPicker.search")}
      emptyText={t(
        failed
          ? "transactions.rollPicker.failed"
          : rolls
            ? "transactions.rollPicker.none"
            : "transactions.rollPicker.loading",
      )}
      disabled={disabled}
    />
  );
}
