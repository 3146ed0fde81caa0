import { materialLabel } from "../../../../domain/names";
import { type Threshold, thresholdScopeLabel, thresholdTypeLabel } from "../../../../domain/threshold";
import { Badge } from "../../../components/ui/badge";
import { formatYards } from "../../../lib/format";
import { THRESHOLD_WORDS } from "../../master-data/entity-words";
import { MasterDataScreen } from "../../master-data/master-data-screen";
import type { MasterDataColumn } from "../../master-data/master-data-table";
import { useDeleteThreshold } from "../api/delete-threshold";
import { useThresholds } from "../api/list-thresholds";
import { ThresholdForm } from "./threshold-form";
import { ThresholdLevelsNote } from "./threshold-levels-note";

const COLUMNS: MasterDataColumn<Threshold>[] = [
  { header: "Material", cell: materialLabel, className: "font-medium" },
  {
    header: "Batch",
    cell: (t) => t.batch ?? <span className="text-muted-foreground">All Batches</span>,
  },
  { header: "Threshold Type", cell: (t) => thresholdTypeLabel(t.batch) },
  {
    header: "Threshold (Yards)",
    cell: (t) => formatYards(t.thresholdYards),
    className: "text-right tabular-nums",
  },
  {
    header: "Status",
    cell: (t) => (
      <Badge variant={t.isActive ? "success" : "muted"}>{t.isActive ? "Active" : "Inactive"}</Badge>
    ),
  },
];

/** "threshold for Cotton - Red (All Batches)" */
function thresholdName(t: Threshold): string {
  return `threshold for ${materialLabel(t)} (${thresholdScopeLabel(t.batch)})`;
}

/** /setup/thresholds: Stock Threshold Management (spec section 2). */
export function ThresholdsScreen() {
  const thresholds = useThresholds();
  const remove = useDeleteThreshold();
  return (
    <MasterDataScreen
      title="Stock Threshold Management"
      description="Minimum stock levels that raise low stock alerts."
      words={THRESHOLD_WORDS}
      listTitle="Stock Thresholds"
      list={thresholds}
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
