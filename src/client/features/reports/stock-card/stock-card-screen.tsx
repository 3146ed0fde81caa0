import { useQuery } from "@tanstack/react-query";
import { ArrowDownToLineIcon, ArrowUpFromLineIcon, BookOpenTextIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { materialTypeColor } from "../../../../domain/names";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { Card, CardContent } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { formatDate } from "../../../lib/format";
import { useMoney } from "../../../lib/money";
import { materialsQueryOptions } from "../../materials/api/list-materials";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import { REPORT_PAGE_SIZE } from "../api/fetch-page";
import { useStockBatches } from "../api/stock-batches";
import { STOCK_CARD_PATH, type StockCardQuery, useStockCard } from "../api/stock-card";
import { ExportButtons } from "../components/export-buttons";
import { FilterField, FilterSelect, FiltersCard } from "../components/filters-card";
import { ResultsCard } from "../components/results-card";
import { YardsValue } from "../components/yards-value";
import { positiveInt, useClampPage, useUrlFilters } from "../use-url-filters";
import { StockCardTable } from "./stock-card-table";

const KEYS = ["material", "batch", "warehouse", "startDate", "endDate"] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (text: string | undefined) => (text && ISO_DATE.test(text) ? text : undefined);
const ALL_BATCHES = "all_batches";
export const PICK_MATERIAL_TEXT = "Pick a material to see its stock card.";

/** The batch picker: the material's batches (in the warehouse when one is chosen), searched on the server. */
function BatchField({
  material,
  warehouse,
  value,
  onChange,
}: {
  material: { typeName: string; colorName: string } | undefined;
  warehouse: number | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [search, setSearch] = useState("");
  const [serverSearch, setServerSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setServerSearch(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const batches = useStockBatches(
    { type: material?.typeName, color: material?.colorName, warehouse, includeEmpty: true },
    serverSearch,
  );
  const options = useMemo(() => {
    const list = material ? (batches.data ?? []) : [];
    const all = value && !list.includes(value) ? [value, ...list] : list;
    return [{ value: ALL_BATCHES, label: "All Batches" }, ...all.map((b) => ({ value: b, label: b }))];
  }, [batches.data, value, material]);
  return (
    <FilterField id="card-batch" label="Batch">
      <Combobox
        id="card-batch"
        options={options}
        value={value ?? ALL_BATCHES}
        onChange={(v) => onChange(v === ALL_BATCHES ? undefined : v)}
        placeholder="All Batches"
        searchPlaceholder="Search batches..."
        onSearchChange={setSearch}
        searching={search.trim() !== serverSearch || batches.isFetching}
        emptyText="No batches found."
        disabled={!material}
      />
    </FilterField>
  );
}

/** "from Mar 01, 2024 to Mar 31, 2024", "up to Mar 31, 2024", "all dates". */
/** The balance's value (admins only: absent for other roles), a line of the stat card's caption. */
function BalanceValue({ value }: { value: number | undefined }) {
  const money = useMoney();
  if (value === undefined) return null;
  return (
    <span className="block font-medium text-foreground tabular-nums">
      <span className="sr-only">Value </span>
      {money(value)}
    </span>
  );
}

function periodText(startDate?: string, endDate?: string): string {
  if (startDate && endDate) return `from ${formatDate(startDate)} to ${formatDate(endDate)}`;
  if (startDate) return `from ${formatDate(startDate)}`;
  if (endDate) return `up to ${formatDate(endDate)}`;
  return "all dates";
}

/**
 * /reports/stock-card (CONTRACT.md section 10, issue 16): one material's movements (optionally one
 * batch and warehouse) in date order with the running balance, between an opening and a closing
 * balance. The filters live in the URL, so Inventory, Stock Status and a roll link to a card.
 */
export function StockCardScreen() {
  const state = useUrlFilters(KEYS);
  const { values, pageIndex, setFilter, setPage } = state;
  // Archived materials and warehouses keep their history: they have cards too.
  const materials = useQuery(materialsQueryOptions({ includeArchived: true }));
  const warehouses = useWarehouses();
  const materialId = positiveInt(values.material);
  const query: StockCardQuery | undefined =
    materialId === undefined
      ? undefined
      : {
          material: materialId,
          batch: values.batch,
          warehouse: positiveInt(values.warehouse),
          startDate: isoDate(values.startDate),
          endDate: isoDate(values.endDate),
        };
  const card = useStockCard(query);
  const material = materials.data?.find((m) => m.id === materialId);
  const warehouseName = warehouses.data?.find((w) => w.id === query?.warehouse)?.name;
  const materialOptions = useMemo(
    () =>
      (materials.data ?? [])
        .map((m) => ({
          value: String(m.id),
          label: materialTypeColor(m),
          keywords: m.colorCode ?? undefined,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [materials.data],
  );
  const warehouseOptions = (warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }));
  const transactions = card.data?.transactions;
  const total = transactions?.length ?? 0;
  // The whole card comes in one answer; the table shows one page of its transactions at a time.
  const pageTransactions = transactions?.slice(
    pageIndex * REPORT_PAGE_SIZE,
    (pageIndex + 1) * REPORT_PAGE_SIZE,
  );
  const paged = card.data ? { total, offset: pageIndex * REPORT_PAGE_SIZE } : undefined;
  useClampPage(paged, card.isPlaceholderData, pageIndex, REPORT_PAGE_SIZE, setPage);
  const scopeText = [
    material ? materialTypeColor(material) : undefined,
    query?.batch ? `batch ${query.batch}` : "all batches",
    warehouseName ?? (query?.warehouse ? `warehouse ${query.warehouse}` : "all warehouses"),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <>
      <PageHeader
        title="Stock Card"
        description="Every transaction that moved a material, in date order, with its running balance."
      />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title="Card Filters"
          description="A material, optionally one batch and one warehouse, and a period (both days included)."
          activeCount={state.activeCount}
          canReset={state.active}
          onReset={state.reset}
          // A long name ("Bandung Main Warehouse", from a roll's link) is cut short inside its
          // field instead of pushing the select over the Start Date: each field's track may be
          // narrower than its control's text, and the select's value truncates (its own
          // data-slot="select-value" rule does not reach it: SelectValue has no data-slot).
          className="*:grid-cols-1 lg:grid-cols-5 [&_[data-slot=select-trigger]>span]:truncate"
        >
          <FilterField id="card-material" label="Material">
            <Combobox
              id="card-material"
              options={materialOptions}
              value={materialId === undefined ? null : String(materialId)}
              onChange={(v) => {
                setFilter("material", v);
                // Another material has other batches.
                setFilter("batch", undefined);
              }}
              placeholder="Pick a material"
              searchPlaceholder="Search materials..."
              emptyText="No materials found."
            />
          </FilterField>
          <BatchField
            material={material}
            warehouse={query?.warehouse}
            value={values.batch}
            onChange={(v) => setFilter("batch", v)}
          />
          <FilterSelect
            id="card-warehouse"
            label="Warehouse"
            value={query?.warehouse ? String(query.warehouse) : values.warehouse}
            allValue="all_warehouses"
            allLabel="All Warehouses"
            options={warehouseOptions}
            onChange={(v) => setFilter("warehouse", v)}
          />
          <FilterField id="card-start" label="Start Date">
            <DatePicker
              id="card-start"
              value={isoDate(values.startDate)}
              onChange={(v) => setFilter("startDate", v)}
            />
          </FilterField>
          <FilterField id="card-end" label="End Date">
            <DatePicker
              id="card-end"
              value={isoDate(values.endDate)}
              onChange={(v) => setFilter("endDate", v)}
            />
          </FilterField>
        </FiltersCard>
        {query === undefined ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
              <BookOpenTextIcon aria-hidden="true" className="size-8" />
              <p>{PICK_MATERIAL_TEXT}</p>
            </CardContent>
          </Card>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              <StatCard
                title="Opening Balance"
                value={<YardsValue yards={card.data?.openingYards ?? 0} />}
                caption={
                  <>
                    <BalanceValue value={card.data?.openingValue} />
                    {query.startDate ? `before ${formatDate(query.startDate)}` : "before the first movement"}
                  </>
                }
                icon={ArrowDownToLineIcon}
                loading={card.isPending}
              />
              <StatCard
                title="Closing Balance"
                value={<YardsValue yards={card.data?.closingYards ?? 0} />}
                caption={
                  <>
                    <BalanceValue value={card.data?.closingValue} />
                    {query.endDate ? `at the end of ${formatDate(query.endDate)}` : "after the last movement"}
                  </>
                }
                icon={ArrowUpFromLineIcon}
                loading={card.isPending}
              />
            </div>
            <ResultsCard
              title="Movements"
              description={`${scopeText}; ${periodText(query.startDate, query.endDate)}.`}
              actions={<ExportButtons path={STOCK_CARD_PATH} query={{ ...query }} />}
              result={{ ...card, data: paged }}
              pageSize={REPORT_PAGE_SIZE}
              onPageChange={setPage}
            >
              <StockCardTable
                transactions={pageTransactions}
                lines={card.data?.lines}
                loading={card.isPending}
              />
            </ResultsCard>
          </>
        )}
      </div>
    </>
  );
}
