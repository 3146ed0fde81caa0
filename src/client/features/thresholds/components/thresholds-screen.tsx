import { THRESHOLD_SORTS, TYPE_DEFAULT_SORT } from "../../../../domain/list-sorts";
import { materialLabel } from "../../../../domain/names";
import type { Threshold } from "../../../../domain/threshold";
import { Badge } from "../../../components/ui/badge";
import { getLocale, t as tr } from "../../../i18n";
import { formatLength } from "../../../lib/format";
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

/** "All Batches" / "Semua Batch", or the batch. */
const scope = (batch: string | null) =>
  batch ? tr("thresholds.batchNamed", { batch }) : tr("thresholds.allBatches");
const levelLabel = (batch: string | null) =>
  batch ? tr("thresholds.batchLevel") : tr("thresholds.typeColorLevel");

// Built while rendering: the headers follow the language and unit of the moment.
const columns = (): MasterDataColumn<Threshold>[] => [
  {
    header: tr("thresholds.material"),
    cell: (t) => (
      <>
        <span>{materialLabel(t)}</span>
        {/* Phones: batch, level and status under the material, so the row fits 390 px. */}
        <span className="block text-xs font-normal text-muted-foreground sm:hidden">
          {t.batch ?? tr("thresholds.allBatches")} · {levelLabel(t.batch)}
        </span>
        <StatusBadge active={t.isActive} className="mt-1 sm:hidden" />
      </>
    ),
    className: "font-medium max-sm:whitespace-normal",
    sort: "typeName",
  },
  {
    header: tr("thresholds.batch"),
    sort: "batch",
    cell: (t) => t.batch ?? <span className="text-muted-foreground">{tr("thresholds.allBatches")}</span>,
    className: DESK_ONLY,
  },
  { header: tr("thresholds.type"), cell: (t) => levelLabel(t.batch), className: DESK_ONLY },
  {
    // Whole yards, shown like every other length ("1,500.00", "1.371,60") so the column lines up.
    header: tr("thresholds.threshold", { unit: getLocale().lengthUnit }),
    sort: "thresholdYards",
    cell: (t) => formatLength(t.thresholdYards),
    // Phones: clear of the sticky actions' fade, which would cover the last digit.
    className: "text-right tabular-nums max-sm:whitespace-normal max-sm:pr-5",
  },
  {
    header: tr("thresholds.status"),
    cell: (t) => <StatusBadge active={t.isActive} />,
    className: DESK_ONLY,
    sort: "isActive",
  },
];

function StatusBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <Badge variant={active ? "success" : "muted"} className={className}>
      {active ? tr("thresholds.active") : tr("thresholds.inactive")}
    </Badge>
  );
}

/** "threshold for Cotton - Red (All Batches)" */
function thresholdName(t: Threshold): string {
  return tr("thresholds.name", { material: materialLabel(t), scope: scope(t.batch) });
}

/** /setup/thresholds: Stock Threshold Management (spec section 2). */
export function ThresholdsScreen() {
  const { sorting, query } = useUrlSort(THRESHOLD_SORTS, TYPE_DEFAULT_SORT);
  const thresholds = useSortedList<Threshold>(thresholdsQueryOptions(), "/api/thresholds", query);
  const remove = useDeleteThreshold();
  return (
    <MasterDataScreen
      title={tr("thresholds.title")}
      description={tr("thresholds.description")}
      words={THRESHOLD_WORDS}
      listTitle={tr("thresholds.listTitle")}
      list={thresholds}
      sorting={sorting}
      historyEntity="threshold"
      columns={columns()}
      emptyText={tr("thresholds.empty")}
      itemName={thresholdName}
      deleteQuestion={(t) => tr("thresholds.deleteQuestion", { name: thresholdName(t) })}
      form={ThresholdForm}
      formDescription={(t) =>
        t ? tr("thresholds.editDescription", { name: thresholdName(t) }) : tr("thresholds.addDescription")
      }
      deleteItem={remove.mutateAsync}
    >
      <ThresholdLevelsNote />
    </MasterDataScreen>
  );
}
