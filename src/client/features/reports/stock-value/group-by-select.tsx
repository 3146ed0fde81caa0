import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useT } from "../../../i18n";
import { FilterField } from "../components/filters-card";

/** A labelled "Group By" select without an "all" item: one grouping is always chosen (the value reports). */
export function GroupBySelect<T extends string>({
  id,
  value,
  groups,
  labels,
  onChange,
}: {
  id: string;
  value: T;
  groups: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const { t } = useT();
  return (
    <FilterField id={id} label={t("reports.filter.groupBy")}>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {groups.map((g) => (
            <SelectItem key={g} value={g}>
              {labels[g]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FilterField>
  );
}
