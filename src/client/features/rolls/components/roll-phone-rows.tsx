import type { Roll } from "../../../../domain/roll";
import { Skeleton } from "../../../components/ui/skeleton";
import { t } from "../../../i18n";
import { formatLengthWithUnit } from "../../../lib/format";
import { noRollsText, RollLink, RollMaterial, type RollSelection, SelectRollBox } from "./roll-cells";
import { type RollMoney, ValueText } from "./roll-money";
import { RollStatusBadge } from "./roll-status-badge";

/**
 * The rolls on a phone: one compact row each, nothing behind sideways scrolling. Code, material
 * with its color, batch and warehouse (and bin) on the left; length and status on the right. The
 * whole row opens the roll.
 */
export function RollPhoneRows({
  rows,
  loading,
  colorCodes,
  selection,
  showMoney = false,
}: {
  rows: (Roll & RollMoney)[] | undefined;
  loading: boolean;
  colorCodes: ReadonlyMap<number, string | null>;
  selection: RollSelection;
  /** Administrators: the roll's value under its length (issue 17). */
  showMoney?: boolean;
}) {
  if (loading) {
    return (
      <ul aria-hidden="true" className="divide-y">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={i} data-testid="skeleton-row" className="grid gap-2 px-2 py-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </li>
        ))}
      </ul>
    );
  }
  if (!rows?.length) {
    return <p className="px-2 py-8 text-center text-sm text-muted-foreground">{noRollsText()}</p>;
  }
  return (
    <ul aria-label={t("rolls.title")} data-testid="roll-phone-rows" className="divide-y">
      {rows.map((row) => (
        <li
          key={row.id}
          className="relative flex items-start gap-3 px-2 py-2.5 transition-colors hover:bg-muted/50"
        >
          {/* Above the row's link overlay, so that it can be ticked. */}
          <span className="pt-0.5">
            <SelectRollBox roll={row} selection={selection} />
          </span>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <RollLink
              roll={row}
              // The link covers the whole row: a thumb-sized target.
              className="w-fit font-mono text-sm font-medium underline-offset-4 outline-none after:absolute after:inset-0 after:rounded-md hover:underline focus-visible:underline focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
            />
            <span className="text-sm break-words">
              <RollMaterial roll={row} colorCode={colorCodes.get(row.materialId)} />
            </span>
            <span className="text-xs break-words text-muted-foreground">
              <span className="font-mono">{row.batch}</span> · {row.warehouseName}
              {row.bin && t("rolls.phone.bin", { bin: row.bin })}
            </span>
          </div>
          <div className="grid shrink-0 justify-items-end gap-1 text-right">
            <span className="text-sm font-medium tabular-nums">{formatLengthWithUnit(row.lengthYards)}</span>
            {showMoney && row.valueAmount != null && (
              <span className="text-xs tabular-nums text-muted-foreground">
                <ValueText roll={row} />
              </span>
            )}
            <RollStatusBadge status={row.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
