import { useSearchParams } from "wouter";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import type { Sorting, SortOrder } from "../../../lib/use-url-sort";

/**
 * The sorts a phone offers: the desk's sortable headers in their order (code, material, batch,
 * warehouse, length, status, first received), each way round, said in words. The first is the
 * list's default (ROLL_DEFAULT_SORT: newest code first).
 */
export const ROLL_SORT_CHOICES: readonly { field: string; order: SortOrder; label: string }[] = [
  { field: "code", order: "desc", label: "Code, newest first" },
  { field: "code", order: "asc", label: "Code, oldest first" },
  { field: "typeName", order: "asc", label: "Material, A to Z" },
  { field: "typeName", order: "desc", label: "Material, Z to A" },
  { field: "batch", order: "asc", label: "Batch, A to Z" },
  { field: "batch", order: "desc", label: "Batch, Z to A" },
  { field: "warehouseName", order: "asc", label: "Warehouse, A to Z" },
  { field: "warehouseName", order: "desc", label: "Warehouse, Z to A" },
  { field: "lengthYards", order: "asc", label: "Length, shortest first" },
  { field: "lengthYards", order: "desc", label: "Length, longest first" },
  { field: "status", order: "asc", label: "Status, In Stock first" },
  { field: "status", order: "desc", label: "Status, Used Up first" },
  { field: "firstReceived", order: "asc", label: "First Received, oldest first" },
  { field: "firstReceived", order: "desc", label: "First Received, newest first" },
];

const sortValue = (sort: { field: string; order: SortOrder }) => `${sort.field}:${sort.order}`;

/**
 * The Rolls list's sort on a phone, where there are no column headers to click: one select, kept
 * in the URL (`sort`, `order`) like the desk's headers keep it, and back to page 1.
 */
export function RollSortSelect({ sorting }: { sorting: Sorting<string> }) {
  const [, setParams] = useSearchParams();
  const choose = (value: string) => {
    const choice = ROLL_SORT_CHOICES.find((c) => sortValue(c) === value);
    if (!choice) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("sort", choice.field);
        next.set("order", choice.order);
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  };
  return (
    <div className="flex items-center gap-3 px-2 pb-2">
      <Label htmlFor="rolls-sort" className="shrink-0">
        Sort
      </Label>
      <Select value={sortValue(sorting.sort)} onValueChange={choose}>
        <SelectTrigger id="rolls-sort" className="min-w-0 flex-1">
          <SelectValue placeholder="Choose a sort" />
        </SelectTrigger>
        <SelectContent>
          {ROLL_SORT_CHOICES.map((c) => (
            <SelectItem key={sortValue(c)} value={sortValue(c)}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
