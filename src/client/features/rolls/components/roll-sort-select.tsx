import { useSearchParams } from "wouter";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useT } from "../../../i18n";
import type { Sorting, SortOrder } from "../../../lib/use-url-sort";

/**
 * The sorts a phone offers: the desk's sortable headers in their order (code, material, batch,
 * warehouse, length, status, first received), each way round, said in words (rolls.sort.<field>.<order>). The first is the
 * list's default (ROLL_DEFAULT_SORT: newest code first).
 */
export const ROLL_SORT_CHOICES: readonly { field: string; order: SortOrder }[] = [
  { field: "code", order: "desc" },
  { field: "code", order: "asc" },
  { field: "typeName", order: "asc" },
  { field: "typeName", order: "desc" },
  { field: "batch", order: "asc" },
  { field: "batch", order: "desc" },
  { field: "warehouseName", order: "asc" },
  { field: "warehouseName", order: "desc" },
  { field: "lengthYards", order: "asc" },
  { field: "lengthYards", order: "desc" },
  { field: "status", order: "asc" },
  { field: "status", order: "desc" },
  { field: "firstReceived", order: "asc" },
  { field: "firstReceived", order: "desc" },
];

const sortValue = (sort: { field: string; order: SortOrder }) => `${sort.field}:${sort.order}`;

/**
 * The Rolls list's sort on a phone, where there are no column headers to click: one select, kept
 * in the URL (`sort`, `order`) like the desk's headers keep it, and back to page 1.
 */
export function RollSortSelect({ sorting }: { sorting: Sorting<string> }) {
  const { t } = useT();
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
        {t("rolls.sort.label")}
      </Label>
      <Select value={sortValue(sorting.sort)} onValueChange={choose}>
        <SelectTrigger id="rolls-sort" className="min-w-0 flex-1">
          <SelectValue placeholder={t("rolls.sort.placeholder")} />
        </SelectTrigger>
        <SelectContent>
          {ROLL_SORT_CHOICES.map((c) => (
            <SelectItem key={sortValue(c)} value={sortValue(c)}>
              {t(`rolls.sort.${c.field}.${c.order}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
