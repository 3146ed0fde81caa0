import { TableCell } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { useMoney } from "../../../lib/money";
import { useCan } from "../../auth/current-user";

/**
 * Issue 17 (CONTRACT.md section 11): a roll's cost fields, sent to administrators only; absent for
 * other roles (and from a server that does not value stock yet).
 */
export interface RollMoney {
  /** Money per yard the roll was received at. */
  unitCost?: number | null;
  /** Its length now at that cost. */
  valueAmount?: number | null;
}

/**
 * Whether a table shows its Unit Cost and Value columns: for administrators, when the rows carry
 * the fields (while loading and when empty too, so that the columns do not jump in).
 */
export function useShowRollMoney(rows: readonly RollMoney[] | undefined): boolean {
  const admin = useCan("admin");
  if (!admin) return false;
  return !rows || rows.length === 0 || rows.some((r) => r.valueAmount != null || r.unitCost != null);
}

const dash = <span className="text-muted-foreground">—</span>;

/** Metres in a yard (CONTRACT.md section 17): a price per yard over this is the price per metre. */
const METRES_PER_YARD = 0.9144;

/** "$4.25" per yard, or per metre for a user who reads metres (up to 4 decimals); or a dash. */
export function UnitCostText({ roll }: { roll: RollMoney }) {
  const money = useMoney();
  const { lengthUnit } = useT();
  if (roll.unitCost == null) return dash;
  return money(lengthUnit === "m" ? roll.unitCost / METRES_PER_YARD : roll.unitCost, { unitCost: true });
}

/** "$212.50", or a dash. */
export function ValueText({ roll }: { roll: RollMoney }) {
  const money = useMoney();
  return roll.valueAmount == null ? dash : money(roll.valueAmount);
}

/**
 * The Unit Cost (from xl) and Value cells of a roll row, when the table shows money; the value
 * column from `valueFrom` up (below it the row shows the value under its length).
 */
export function RollMoneyCells({ roll, valueFrom }: { roll: RollMoney; valueFrom: "sm" | "md" }) {
  return (
    <>
      <TableCell className="hidden text-right tabular-nums xl:table-cell">
        <UnitCostText roll={roll} />
      </TableCell>
      <TableCell
        className={
          valueFrom === "sm"
            ? "hidden text-right tabular-nums sm:table-cell"
            : "hidden text-right tabular-nums md:table-cell"
        }
      >
        <ValueText roll={roll} />
      </TableCell>
    </>
  );
}
