import type * as React from "react";
import { Link } from "wouter";
import type { Roll } from "../../../../domain/roll";
import { t } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatLength, formatNumber } from "../../../lib/format";
import { ColorSwatch } from "../../materials/components/color-swatch";

/** A roll's code, linking to its detail (/inventory/rolls/{id}). */
export function RollLink({ roll, className }: { roll: Pick<Roll, "id" | "code">; className?: string }) {
  return (
    <Link
      href={`/inventory/rolls/${roll.id}`}
      className={
        className ??
        "font-mono text-sm font-medium underline-offset-4 hover:underline focus-visible:underline"
      }
    >
      {roll.code}
    </Link>
  );
}

/** "Cotton / Red" with the color's swatch (an empty dashed square when the material has no color code). */
export function RollMaterial({
  roll,
  colorCode,
}: {
  roll: Pick<Roll, "typeName" | "colorName">;
  colorCode: string | null | undefined;
}) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <ColorSwatch code={colorCode} className="size-4" />
      <span className="min-w-0">
        {roll.typeName} / {roll.colorName}
      </span>
    </span>
  );
}

/**
 * A header's words one under the other ("Length" over "(Yards)"), so that a column of figures is as
 * wide as its figures, not as its header: the room goes to the names, and a 1440 px desk fits every
 * column (`className` to keep two words together, e.g. max-w-24 for "Received / Ticket").
 */
export function HeadWords({ children, className }: { children: React.ReactNode; className?: string }) {
  return <span className={cn("inline-block max-w-min whitespace-normal", className)}>{children}</span>;
}

/** "58 in", or a dash for no width. */
export function widthText(width: number | null): string {
  return width === null ? "—" : t("rolls.widthInches", { width: formatNumber(width, { max: 2 }) });
}

/** "48.00 / 50.00" in the user's unit: measured when received (or cut off), then the supplier's ticket, or a dash. */
export function receivedText(roll: Pick<Roll, "receivedYards" | "ticketYards">): string {
  return `${formatLength(roll.receivedYards)} / ${roll.ticketYards === null ? "—" : formatLength(roll.ticketYards)}`;
}

/** Said when a page of rolls is empty. */
export const noRollsText = (): string => t("rolls.empty");

/** Rows chosen for labels (the Rolls screen keeps them across pages). */
export interface RollSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
}

export function SelectRollBox({ roll, selection }: { roll: Roll; selection: RollSelection }) {
  return (
    <input
      type="checkbox"
      className="relative z-10 size-4 accent-primary"
      aria-label={t("rolls.select", { code: roll.code })}
      checked={selection.selected.has(roll.id)}
      onChange={(e) => selection.toggle(roll.id, e.target.checked)}
    />
  );
}
