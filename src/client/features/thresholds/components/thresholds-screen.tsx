import { THRESHOLD_SORTS, TYPE_DEFAULT_SORT } from "../../../../domain/list-sorts";
import { materialLabel } from "../../../../domain/names";
import { type Threshold, thresholdScopeLabel, thresholdTypeLabel } from "../../../../domain/threshold";
import { Badge } from "../../../components/ui/badge";
import { formatYards } from "../../../lib/format";
import { useUrlSort } from "../../../lib/use-url-sort";
import { THRESHOLD_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useSortedList } from "../../master-data/use-sorted-list";
import { useDeleteThreshold } from "../api/delete-threshold";
import { thresholdsQueryOptions } from "../api/list-thresholds";
import { ThresholdForm } from "./threshold-form";
import { ThresholdLevelsNote } from "./threshold-levels-note";

/** Columns a phone folds into the Material cell (Inventory's pattern): they are hidden there. */
const DESK_ONLY = "hidden sm:table-cell";

const COLUMNS: MasterDataColumn<Threshold>[] = [
  {
    header: "Material",
    cell: (t) => (
      <>
        <span>{materialLabel(t)}</span>
        {/* Phones: batch, level and status under the material, so the row fits 390 px. */}
        <span className="block text-xs font-normal text-muted-foreground sm:hidden">
          {t.batch ?? "All Batches"} · {thresholdTypeLabel(t.batch)}
        </span>
        <StatusBadge active={t.isActive} className="mt-1 sm:hidden" />
      </>
    ),
    className: "font-medium max-sm:whitespace-normal",
    sort: "typeName",
  },
  {
    header: "Batch",
    sort: "batch",
    cell: (t) => t.batch ?? <span className="text-muted-foreground">All Batches</span>,
    className: DESK_ONLY,
  },
  { header: "Threshold Type", cell: (t) => thresholdTypeLabel(t.batch), className: DESK_ONLY },
  {
    // Whole yards, shown like every other yards figure ("1,500.00") so the column lines up.
    header: "Threshold (Yards)",
    sort: "thresholdYards",
    cell: (t) => formatYards(t.thresholdYards),
    // Phones: clear of the sticky actions' fade, which would cover the last digit.
    className: "text-right tabular-nums max-sm:whitespace-normal max-sm:pr-5",
  },
  {
    header: "Status",
    cell: (t) => <StatusBadge active={t.isActive} />,
    className: DESK_ONLY,
    sort: "isActive",
  },
];

function StatusBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <Badge variant={active ? "success" : "muted"} className={className}>
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}

/** "threshold for Cotton - Red (All Batches)" */
function thresholdName(t: Threshold): string {
  return `threshold for ${materialLabel(t)} (${thresholdScopeLabel(t.batch)})`;
}

/** /setup/thresholds: Stock Threshold Management (spec section 2). */
export function ThresholdsScreen() {
  const { sorting, query } = useUrlSort(THRESHOLD_SORTS, TYPE_DEFAULT_SORT);
  const thresholds = useSortedList<Threshold>(thresholdsQueryOptions(), "/api/thresholds", query);
  const remove = useDeleteThreshold();
  return (
    <MasterDataScreen
      title="Stock Threshold Management"
      description="Minimum stock levels that raise low stock alerts."
      words={THRESHOLD_WORDS}
      listTitle="Stock Thresholds"
      list={thresholds}
      sorting={sorting}
      historyEntity="threshold"
      columns={COLUMNS}
      emptyText="No thresholds found. Add a threshold to set up low stock alerts."
      itemName={thresholdName}
      deleteQuestion={(t) => `Are you sure you want to delete the ${thresholdName(t)}?`}
      form={ThresholdForm}
      formDescription={(t) =>
        t ? `Change the ${thresholdName(t)}.` : "Set the stock level at or below which a material is low."
      }
      deleteItem={remove.mutateAsync}
    >
      <ThresholdLevelsNote />
    </MasterDataScreen>
  );
}
