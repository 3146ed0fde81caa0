import type { Roll } from "../../../../domain/roll";
import { Combobox, type ComboboxOption } from "../../../components/ui/combobox";
import { formatYards } from "../../../lib/format";

/** The picker's value for "no roll named": the server takes the key's rolls, shortest first. */
export const ANY_ROLL = "any";
export const ANY_ROLL_LABEL = "Any roll, shortest first";

/**
 * "R000123 · 45.50 yd", the bin and a remnant said in the list only. "bin" and its code are held
 * together (a no-break space), so that a list that wraps its options breaks between the facts.
 */
export function rollOption(roll: Roll): ComboboxOption {
  const notes = [roll.bin && `bin\u00a0${roll.bin}`, roll.status === "Remnant" && "remnant"].filter(Boolean);
  return {
    value: String(roll.id),
    label: `${roll.code} · ${formatYards(roll.lengthYards)} yd`,
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
  const options: ComboboxOption[] = [
    { value: ANY_ROLL, label: ANY_ROLL_LABEL },
    ...(rolls ?? []).map(rollOption),
  ];
  // A picked roll the list no longer has (used up meanwhile) stays shown until changed.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: `Roll #${value}` });
  return (
    <Combobox
      {...rest}
      options={options}
      value={value || ANY_ROLL}
      onChange={(next) => onChange(next === ANY_ROLL ? "" : next)}
      placeholder={ANY_ROLL_LABEL}
      searchPlaceholder="Search roll codes or bins..."
      emptyText={failed ? "The rolls could not be loaded." : rolls ? "No matching roll." : "Loading rolls..."}
      disabled={disabled}
    />
  );
}
