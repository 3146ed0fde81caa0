import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Order, Proposal } from "../../../../domain/order";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatLength, formatLengthWithUnit, lengthUnitSymbol } from "../../../lib/format";
import { keyRollsQueryOptions } from "../../transactions/api/key-rolls";
import { useProposal } from "../api/order-queries";
import { useReserveOrder } from "../api/reserve-order";
import { pinsOf, savePins } from "../order-draft";

type ProposedRoll = Proposal["lines"][number]["rolls"][number];
/** The clerk's swaps: per line, the proposed roll id -> the roll chosen instead. */
type Swaps = Record<number, Record<number, ProposedRoll>>;

/** A 409 CANNOT_RESERVE as each short line's number and shortfall (ORDER_LINE_SHORT's params on `lines.N`). */
function shortfalls(error: unknown): { index: number; line: number; yards: number }[] {
  if (!(error instanceof ApiError) || error.code !== "CANNOT_RESERVE") return [];
  return error.issues.flatMap((issue, index) => {
    const { line, shortYards } = issue.params ?? {};
    return issue.code === "ORDER_LINE_SHORT" && typeof shortYards === "number"
      ? [{ index, line: Number(line), yards: shortYards }]
      : [];
  });
}

/**
 * The proposal for the lines still needing yards (CONTRACT.md section 15): per line its rolls, batch,
 * yards and what is left over; a roll may be swapped for another free roll of the same batch before
 * Reserve. A reservation that cannot be covered says each line's shortfall.
 */
export function ProposalCard({ order }: { order: Order }) {
  const { t } = useT();
  const proposal = useProposal(order.id, true);
  const reserve = useReserveOrder(order.id);
  const [swaps, setSwaps] = useState<Swaps>({});
  const [pins, setPins] = useState(() => pinsOf(order.id));
  const unit = lengthUnitSymbol();
  // A line sent by Find Fabric's "Use for order" offers the rolls chosen there, while it still
  // needs just what they were chosen for; then the proposal's.
  const open = (proposal.data?.lines ?? [])
    .filter((l) => l.neededYards > 0)
    .map((l) => {
      const pin = pins[l.lineId];
      return pin && Math.round(pin.yards * 100) === Math.round(l.neededYards * 100)
        ? { ...l, rolls: pin.rolls, leftoverYards: pin.leftoverYards, shortfallYards: 0, pinned: true }
        : { ...l, pinned: false };
    });
  if (proposal.isSuccess && open.length === 0) return null;
  const lineOf = (lineId: number) => order.lines.find((l) => l.id === lineId);
  const chosen = (lineId: number, roll: ProposedRoll) => swaps[lineId]?.[roll.rollId] ?? roll;
  const swapped = open.some((l) => l.pinned) || Object.values(swaps).some((s) => Object.keys(s).length > 0);
  const short = shortfalls(reserve.error);

  function doReserve() {
    const body = swapped
      ? {
          lines: open
            .filter((l) => l.rolls.length > 0)
            .map((l) => ({
              lineId: l.lineId,
              rolls: l.rolls.map((r) => ({ rollId: chosen(l.lineId, r).rollId, yards: r.yards })),
            })),
        }
      : undefined;
    reserve.mutate(body, {
      onSuccess: () => {
        setSwaps({});
        savePins(order.id, null);
        toast({ title: t("orders.proposal.reserved") });
      },
      onError: (error) => {
        // Rolls pinned in Find Fabric that others took since: the next try is the proposal's.
        setPins({});
        savePins(order.id, null);
        if (!(error instanceof ApiError && error.code === "CANNOT_RESERVE"))
          toast({ variant: "destructive", title: errorMessage(error) });
        void proposal.refetch();
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("orders.proposal.title")}</CardTitle>
        <CardDescription>{t("orders.proposal.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-2 sm:px-5">
        {proposal.isError ? <p className="text-sm text-destructive">{errorMessage(proposal.error)}</p> : null}
        {short.length > 0 ? (
          <div role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
            <p className="font-medium">{t("orders.proposal.cannotReserve")}</p>
            <ul className="list-disc pl-5">
              {short.map((s) => (
                <li key={s.index}>
                  {t("orders.proposal.lineShort", {
                    line: s.line,
                    length: formatLengthWithUnit(s.yards),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {open.map((line) => {
          const orderLine = lineOf(line.lineId);
          return (
            <section key={line.lineId} aria-label={t("orders.lineN", { n: orderLine?.lineNo ?? 0 })}>
              <h3 className="mb-1 text-sm font-medium">
                {t("orders.proposal.lineHeading", {
                  n: orderLine?.lineNo ?? 0,
                  material: orderLine ? `${orderLine.typeName} · ${orderLine.colorName}` : "",
                  length: formatLengthWithUnit(line.neededYards),
                })}
              </h3>
              {line.pinned ? (
                <p className="mb-1 text-xs text-muted-foreground">{t("orders.proposal.pinned")}</p>
              ) : null}
              {line.rolls.length === 0 ? null : (
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t("orders.roll")}</TableHead>
                      <TableHead>{t("orders.batch")}</TableHead>
                      <TableHead className="text-right">{t("orders.takeHeader", { unit })}</TableHead>
                      <TableHead className="max-sm:hidden">{t("orders.proposal.swap")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {line.rolls.map((roll) => (
                      <TableRow key={roll.rollId}>
                        <TableCell className="font-mono">{chosen(line.lineId, roll).rollCode}</TableCell>
                        <TableCell>{roll.batch}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatLength(roll.yards)}</TableCell>
                        <TableCell className="max-sm:hidden">
                          <SwapPicker
                            order={order}
                            materialId={orderLine?.materialId ?? 0}
                            roll={roll}
                            current={chosen(line.lineId, roll)}
                            taken={line.rolls.map((r) => chosen(line.lineId, r).rollId)}
                            onSwap={(next) =>
                              setSwaps((s) => ({
                                ...s,
                                [line.lineId]: { ...s[line.lineId], [roll.rollId]: next },
                              }))
                            }
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <p className="mt-1 text-sm text-muted-foreground">
                {line.shortfallYards > 0
                  ? t("orders.proposal.short", { length: formatLengthWithUnit(line.shortfallYards) })
                  : t("orders.proposal.leftover", { length: formatLengthWithUnit(line.leftoverYards) })}
              </p>
            </section>
          );
        })}
        <Button
          className="self-start"
          onClick={doReserve}
          disabled={reserve.isPending || !proposal.isSuccess}
        >
          {t(reserve.isPending ? "orders.proposal.reserving" : "orders.proposal.reserve")}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Another roll of the same batch with room for the same yards, not already in the line. */
function SwapPicker({
  order,
  materialId,
  roll,
  current,
  taken,
  onSwap,
}: {
  order: Order;
  materialId: number;
  roll: ProposedRoll;
  current: ProposedRoll;
  taken: number[];
  onSwap: (next: ProposedRoll) => void;
}) {
  const { t } = useT();
  const rolls = useQuery(
    keyRollsQueryOptions({ materialId, batch: roll.batch, warehouseId: order.warehouseId }),
  );
  const options = (rolls.data ?? [])
    .filter((r) => r.id === current.rollId || (!taken.includes(r.id) && r.availableYards >= roll.yards))
    .map((r) => ({
      value: String(r.id),
      label: `${r.code} · ${formatLengthWithUnit(r.availableYards)}`,
      hint: r.bin ? t("orders.binN", { bin: r.bin }) : undefined,
    }));
  return (
    <Combobox
      aria-label={t("orders.proposal.swapFor", { code: current.rollCode })}
      options={options}
      value={String(current.rollId)}
      onChange={(value) => {
        const next = rolls.data?.find((r) => r.id === Number(value));
        if (next) onSwap({ ...roll, rollId: next.id, rollCode: next.code, lengthYards: next.lengthYards });
      }}
      emptyText={t("orders.proposal.noOtherRoll")}
      className="w-56"
    />
  );
}
