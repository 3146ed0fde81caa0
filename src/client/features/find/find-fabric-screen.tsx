import { useQuery } from "@tanstack/react-query";
import { ArrowRightLeftIcon, ScissorsIcon, SearchIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import type { FindFabricAnswer } from "../../../domain/find-fabric-wire";
import type { Roll } from "../../../domain/roll";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Combobox } from "../../components/ui/combobox";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { api, errorMessage } from "../../lib/api-client";
import { formatDate, formatYards } from "../../lib/format";
import { useCan } from "../auth/current-user";
import { useMaterials } from "../materials/api/list-materials";
import { FilterSelect } from "../reports/components/filters-card";
import { positiveInt } from "../reports/use-url-filters";
import { type ItemDraft, itemsCovering, saveDraft } from "../transactions/form/draft";
import { useWarehouses } from "../warehouses/api/list-warehouses";

const ALL_WAREHOUSES = "all_warehouses";

function useFindFabric(
  materialId: number | undefined,
  yards: number | undefined,
  warehouseId: number | undefined,
) {
  return useQuery({
    queryKey: ["rolls", "find", materialId, yards, warehouseId],
    enabled: materialId !== undefined && yards !== undefined,
    queryFn: () =>
      api.get<FindFabricAnswer>("/api/rolls/find", {
        query: { material: materialId, yards, warehouse: warehouseId },
      }),
  });
}

const ACTIONS: { kind: TransactionKind; label: string; icon: typeof ScissorsIcon }[] = [
  { kind: "production-usage", label: "Use", icon: ScissorsIcon },
  { kind: "transfer", label: "Transfer", icon: ArrowRightLeftIcon },
  { kind: "return", label: "Return", icon: Undo2Icon },
];

/** Buttons that open a transaction form with these rolls filled in. */
function StartButtons({
  warehouseId,
  items,
  what,
}: {
  warehouseId: number;
  items: ItemDraft[];
  what: string;
}) {
  const [, navigate] = useLocation();
  if (!useCan("record")) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {ACTIONS.map(({ kind, label, icon: Icon }) => (
        <Button
          key={kind}
          size="sm"
          variant="outline"
          aria-label={`${label} ${what}`}
          onClick={() => {
            saveDraft({ kind, warehouseId, items });
            navigate(`/transactions/${kind}`);
          }}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}

/** /inventory/find: which rolls cover the yards a job needs, alone or as one dye lot (CONTRACT.md section 9). */
export function FindFabricScreen() {
  const [params, setParams] = useSearchParams();
  const materialId = positiveInt(params.get("material"));
  const warehouseId = positiveInt(params.get("warehouse"));
  const yardsText = params.get("yards") ?? "";
  const yards = /^\d+(\.\d{1,2})?$/.test(yardsText) && Number(yardsText) > 0 ? Number(yardsText) : undefined;
  const [draftYards, setDraftYards] = useState(yardsText);
  const materials = useMaterials();
  const warehouses = useWarehouses();
  const found = useFindFabric(materialId, yards, warehouseId);
  const set = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const yardsProblem =
    draftYards.trim() !== "" && !/^\d+(\.\d{1,2})?$/.test(draftYards.trim())
      ? "Enter yards greater than 0, with at most 2 decimals"
      : null;
  const material = materials.data?.find((m) => m.id === materialId);

  return (
    <>
      <PageHeader
        title="Find Fabric"
        description="Which rolls cover the yards a job needs, from one roll or one dye lot."
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent>
            <form
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                if (!yardsProblem) set("yards", draftYards.trim() || undefined);
              }}
            >
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-material">Material</Label>
                <Combobox
                  id="find-material"
                  options={(materials.data ?? []).map((m) => ({
                    value: String(m.id),
                    label: `${m.typeName} / ${m.colorName}`,
                  }))}
                  value={materialId === undefined ? "" : String(materialId)}
                  onChange={(v) => set("material", v || undefined)}
                  placeholder="Choose a material"
                />
              </div>
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="find-yards">Yards needed</Label>
                <Input
                  id="find-yards"
                  inputMode="decimal"
                  value={draftYards}
                  onChange={(e) => setDraftYards(e.target.value)}
                  onBlur={() => !yardsProblem && set("yards", draftYards.trim() || undefined)}
                  aria-invalid={yardsProblem !== null || undefined}
                  aria-describedby={yardsProblem ? "find-yards-problem" : undefined}
                  placeholder="e.g. 45"
                />
                {yardsProblem ? (
                  <p id="find-yards-problem" className="text-sm text-destructive">
                    {yardsProblem}
                  </p>
                ) : null}
              </div>
              <FilterSelect
                id="find-warehouse"
                label="Warehouse"
                value={warehouseId === undefined ? undefined : String(warehouseId)}
                allValue={ALL_WAREHOUSES}
                allLabel="All Warehouses"
                options={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                onChange={(v) => set("warehouse", v)}
              />
              <Button type="submit">
                <SearchIcon aria-hidden="true" />
                Find
              </Button>
            </form>
          </CardContent>
        </Card>
        {materialId === undefined || yards === undefined ? (
          <p className="text-sm text-muted-foreground">Choose a material and the yards needed.</p>
        ) : found.isPending ? (
          <Skeleton className="h-48 w-full rounded-xl" />
        ) : found.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(found.error)}
          </p>
        ) : (
          <Results
            answer={found.data}
            yards={yards}
            materialId={materialId}
            what={material ? `${material.typeName} / ${material.colorName}` : ""}
          />
        )}
      </div>
    </>
  );
}

/**
 * On a phone, the roll's batch and where it lies (warehouse and bin), under its code as on the
 * Rolls list's phone rows: the rolls found may lie in several warehouses, and the Batch, Warehouse
 * and Bin columns are hidden there. Up to md the bin is said here too.
 */
function RollFactsUnderCode({ roll }: { roll: Roll }) {
  return (
    <span className="block whitespace-normal font-sans text-xs text-muted-foreground md:hidden">
      <span className="sm:hidden">
        <span className="font-mono">{roll.batch}</span> · {roll.warehouseName}
      </span>
      {roll.bin !== null && (
        <>
          <span className="sm:hidden"> · </span>
          {/* "bin" stays with its code when the line wraps. */}
          <span className="wrap-anywhere">{`bin\u00a0${roll.bin}`}</span>
        </>
      )}
    </span>
  );
}

function Results({
  answer,
  yards,
  materialId,
  what,
}: {
  answer: FindFabricAnswer;
  yards: number;
  materialId: number;
  what: string;
}) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>One roll</CardTitle>
          <CardDescription>
            Rolls of {what} that hold {formatYards(yards)} yards alone, the shortest first (least left over).
          </CardDescription>
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          {answer.singleRolls.length === 0 ? (
            <p className="px-2 text-sm text-muted-foreground">
              No single roll holds {formatYards(yards)} yards.
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Roll</TableHead>
                  <TableHead className="hidden sm:table-cell">Batch</TableHead>
                  <TableHead className="hidden sm:table-cell">Warehouse</TableHead>
                  <TableHead className="text-right">Length</TableHead>
                  <TableHead className="hidden md:table-cell">Bin</TableHead>
                  <TableHead className="hidden md:table-cell">Received</TableHead>
                  <TableHead>
                    <span className="sr-only">Start</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {answer.singleRolls.map((roll: Roll) => (
                  <TableRow key={roll.id}>
                    <TableCell className="font-mono">
                      <Link
                        href={`/inventory/rolls/${roll.id}`}
                        className="underline-offset-4 hover:underline"
                      >
                        {roll.code}
                      </Link>
                      <RollFactsUnderCode roll={roll} />
                    </TableCell>
                    <TableCell className="hidden font-mono sm:table-cell">{roll.batch}</TableCell>
                    <TableCell className="hidden sm:table-cell">{roll.warehouseName}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatYards(roll.lengthYards)}</TableCell>
                    <TableCell className="hidden md:table-cell">{roll.bin ?? "—"}</TableCell>
                    <TableCell className="hidden md:table-cell">{formatDate(roll.firstReceived)}</TableCell>
                    <TableCell>
                      <StartButtons
                        warehouseId={roll.warehouseId}
                        what={roll.code}
                        items={itemsCovering([roll], yards, roll)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>One dye lot</CardTitle>
          <CardDescription>
            Lots whose rolls together hold {formatYards(yards)} yards in one warehouse, the fewest rolls
            first: one shade for the whole job.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {answer.singleLots.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No dye lot holds {formatYards(yards)} yards in one warehouse.
            </p>
          ) : (
            <ul className="divide-y">
              {answer.singleLots.map((lot) => (
                <li
                  key={`${lot.batch}-${lot.warehouseId}`}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <p className="text-sm font-medium">
                      Batch <span className="font-mono">{lot.batch}</span> at {lot.warehouseName}
                      <span className="text-muted-foreground">
                        {" "}
                        · {formatYards(lot.totalYards)} yards in the lot
                      </span>
                    </p>
                    <p className="flex flex-wrap gap-1">
                      {lot.rolls.map((r) => (
                        <Badge key={r.id} variant="outline" className="font-mono">
                          {r.code} · {formatYards(r.lengthYards)}
                        </Badge>
                      ))}
                    </p>
                  </div>
                  <StartButtons
                    warehouseId={lot.warehouseId}
                    what={`batch ${lot.batch} at ${lot.warehouseName}`}
                    items={itemsCovering(lot.rolls, yards, { materialId, batch: lot.batch })}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
