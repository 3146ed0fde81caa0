import { useQuery } from "@tanstack/react-query";
import { ArrowDownToLineIcon, ArrowUpFromLineIcon, BookOpenTextIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { materialTypeColor } from "../../../../domain/names";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { Card, CardContent } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { t, useT } from "../../../i18n";
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
export const pickMaterialText = () => t("reports.stockCard.pickMaterial");

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
  const { t } = useT();
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
    return [
      { value: ALL_BATCHES, label: t("reports.allBatches") },
      ...all.map((b) => ({ value: b, label: b })),
    ];
  }, [batches.data, value, material, t]);
  return (
    <FilterField id="card-batch" label={t("reports.filter.batch")}>
      <Combobox
        id="card-batch"
        options={options}
        value={value ?? ALL_BATCHES}
        onChange={(v) => onChange(v === ALL_BATCHES ? undefined : v)}
        placeholder={t("reports.allBatches")}
        searchPlaceholder={t("reports.filter.searchBatches")}
        onSearchChange={setSearch}
        searching={search.trim() !== serverSearch || batches.isFetching}
        emptyText={t("reports.filter.noBatches")}
        disabled={!material}
      />
    </FilterField>
  );
}

/** The balance's value (admins only: absent for other roles), a line of the stat card's caption. */
function BalanceValue({ value }: { value: number | undefined }) {
  const { t } = useT();
  const money = useMoney();
  if (value === undefined) return null;
  return (
    <span className="block font-medium text-foreground tabular-nums">
      <span className="sr-only">{t("reports.column.value")} </span>
      {money(value)}
    </span>
  );
}

/** "from Mar 01, 2024 to Mar 31, 2024", "up to Mar 31, 2024", "all dates". */
function periodText(startDate?: string, endDate?: string): string {
  const start = startDate ? formatDate(startDate) : "";
  const end = endDate ? formatDate(endDate) : "";
  if (start && end) return t("reports.stockCard.period.between", { start, end });
  if (start) return t("reports.stockCard.period.from", { start });
  if (end) return t("reports.stockCard.period.upTo", { end });
  return t("reports.stockCard.period.all");
}

/**
 * /reports/stock-card (CONTRACT.md section 10, issue 16): one material's movements (optionally one
 * batch and warehouse) in date order with the running balance, between an opening and a closing
 * balance. The filters live in the URL, so Inventory, Stock Status and a roll link to a card.
 */
export function StockCardScreen() {
  const { t } = useT();
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
    query?.batch
      ? t("reports.stockCard.scope.batch", { batch: query.batch })
      : t("reports.stockCard.scope.allBatches"),
    warehouseName ??
      (query?.warehouse
        ? t("reports.stockCard.scope.warehouse", { id: query.warehouse })
        : t("reports.stockCard.scope.allWarehouses")),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <>
      <PageHeader title={t("reports.stockCard.title")} description={t("reports.stockCard.description")} />
      <div className="flex flex-col gap-6">
        <FiltersCard
          title={t("reports.stockCard.filters")}
          description={t("reports.stockCard.filtersDescription")}
          activeCount={state.activeCount}
          canReset={state.active}
          onReset={state.reset}
          // A long name ("Bandung Main Warehouse", from a roll's link) is cut short inside its
          // field instead of pushing the select over the Start Date: each field's track may be
          // narrower than its control's text, and the select's value truncates (its own
          // data-slot="select-value" rule does not reach it: SelectValue has no data-slot).
          className="*:grid-cols-1 lg:grid-cols-5 [&_[data-slot=select-trigger]>span]:truncate"
        >
          <FilterField id="card-material" label={t("reports.filter.material")}>
            <Combobox
              id="card-material"
              options={materialOptions}
              value={materialId === undefined ? null : String(materialId)}
              onChange={(v) => {
                setFilter("material", v);
                // Another material has other batches.
                setFilter("batch", undefined);
              }}
              placeholder={t("reports.filter.pickMaterial")}
              searchPlaceholder={t("reports.filter.searchMaterials")}
              emptyText={t("reports.filter.noMaterials")}
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
            label={t("reports.filter.warehouse")}
            value={query?.warehouse ? String(query.warehouse) : values.warehouse}
            allValue="all_warehouses"
            allLabel={t("reports.filter.allWarehouses")}
            options={warehouseOptions}
            onChange={(v) => setFilter("warehouse", v)}
          />
          <FilterField id="card-start" label={t("reports.filter.startDate")}>
            <DatePicker
              id="card-start"
              value={isoDate(values.startDate)}
              onChange={(v) => setFilter("startDate", v)}
            />
          </FilterField>
          <FilterField id="card-end" label={t("reports.filter.endDate")}>
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
              <p>{pickMaterialText()}</p>
            </CardContent>
          </Card>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4">
              <StatCard
                title={t("reports.stockCard.opening")}
                value={<YardsValue yards={card.data?.openingYards ?? 0} />}
                caption={
                  <>
                    <BalanceValue value={card.data?.openingValue} />
                    {query.startDate
                      ? t("reports.stockCard.before", { date: formatDate(query.startDate) })
                      : t("reports.stockCard.beforeFirst")}
                  </>
                }
                icon={ArrowDownToLineIcon}
                loading={card.isPending}
              />
              <StatCard
                title={t("reports.stockCard.closing")}
                value={<YardsValue yards={card.data?.closingYards ?? 0} />}
                caption={
                  <>
                    <BalanceValue value={card.data?.closingValue} />
                    {query.endDate
                      ? t("reports.stockCard.atEnd", { date: formatDate(query.endDate) })
                      : t("reports.stockCard.afterLast")}
                  </>
                }
                icon={ArrowUpFromLineIcon}
                loading={card.isPending}
              />
            </div>
            <ResultsCard
              title={t("reports.stockCard.movements")}
              description={t("reports.stockCard.movementsDescription", {
                scope: scopeText,
                period: periodText(query.startDate, query.endDate),
              })}
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
