import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableCell } from "../../../components/ui/table";
import { t, useT } from "../../../i18n";
import type { Sorting } from "../../../lib/use-url-sort";

/**
 * Type, Color and Batch columns (sortable by typeName, colorName, batch when `sorting` is given).
 * Phones fold color and batch under the type (their columns are hidden there), so that the yards
 * and the status fit beside them without scrolling.
 */
export function MaterialHeads({ sorting }: { sorting?: Sorting<string> }) {
  const { t } = useT();
  return (
    <>
      <SortableTableHead field="typeName" sorting={sorting}>
        {t("reports.column.type")}
      </SortableTableHead>
      <SortableTableHead field="colorName" sorting={sorting} className="hidden sm:table-cell">
        {t("reports.column.color")}
      </SortableTableHead>
      <SortableTableHead field="batch" sorting={sorting} className="hidden sm:table-cell">
        {t("reports.column.batch")}
      </SortableTableHead>
    </>
  );
}

/** The Batch cell of a material row (the spec's words for "no batch"). */
export const allBatchesText = () => t("reports.allBatches");

export function MaterialCells({
  typeName,
  colorName,
  batch,
}: {
  typeName: string;
  colorName: string;
  /** null: a row of all the material's batches together, shown as "All Batches". */
  batch: string | null;
}) {
  useT();
  const batchText = batch === null ? allBatchesText() : batch;
  const batchFont = batch === null ? "" : "font-mono";
  return (
    <>
      <TableCell className="font-medium">
        {typeName}
        {/* "All Batches" may wrap ("Grey · All / Batches") rather than widen the table; a code may not. */}
        <span className="block whitespace-normal text-xs font-normal text-muted-foreground sm:hidden">
          {colorName} ·{" "}
          <span className={batch === null ? "" : "whitespace-nowrap font-mono"}>{batchText}</span>
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">{colorName}</TableCell>
      <TableCell className={`hidden text-xs sm:table-cell ${batchFont}`}>{batchText}</TableCell>
    </>
  );
}

/** "Available Yards" ("Available Metres"), shortened to "Yards" on phones (sortable by availableYards). */
export function YardsHead({ label, sorting }: { label?: string; sorting?: Sorting<string> }) {
  const { t, lengthUnit } = useT();
  return (
    <SortableTableHead field="availableYards" sorting={sorting} align="right" className="text-right">
      <span className="hidden sm:inline">{label ?? t("reports.column.available", { unit: lengthUnit })}</span>
      <span className="sm:hidden">{t("reports.column.length", { unit: lengthUnit })}</span>
    </SortableTableHead>
  );
}

/**
 * Slightly narrower cells on phones, so that the folded rows fit 390 px without scrolling; a long
 * type ("Cotton Combed 30s") or header ("First Received" and its sort arrow) may wrap there too.
 */
export const PHONE_TIGHT =
  "max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5 max-sm:[&_td]:whitespace-normal max-sm:[&_th]:whitespace-normal";
