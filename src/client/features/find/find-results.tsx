import { ArrowDownIcon } from "lucide-react";
import { Link } from "wouter";
import type { FindFabricAnswer, FoundLot, FoundRoll } from "../../../domain/find-fabric-wire";
import type { Roll } from "../../../domain/roll";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { T, t, useT } from "../../i18n";
import { formatDate, formatLength, formatLengthWithUnit } from "../../lib/format";
import { itemsCovering } from "../transactions/form/draft";
import { lotTakes } from "./lot-takes";
import { StartActions } from "./start-actions";

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
          <span className="wrap-anywhere">{t("find.binUnder", { bin: roll.bin })}</span>
        </>
      )}
    </span>
  );
}

/** The two answers of Find Fabric: one roll, one dye lot (CONTRACT.md sections 9 and 12). */
export function FindResults({
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
  const { t, lengthUnit } = useT();
  const wanted = formatLength(yards);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("find.oneRoll")}</CardTitle>
          <CardDescription>
            {t("find.oneRollText", { what, length: wanted, unit: lengthUnit })}
          </CardDescription>
          {answer.singleRolls.length > 3 && (
            <Button
              variant="link"
              className="h-auto justify-start p-0 md:hidden"
              onClick={() => document.getElementById("dye-lot-answer")?.scrollIntoView()}
            >
              <ArrowDownIcon aria-hidden="true" />
              {t("find.skipToLots", { count: answer.singleLots.length })}
            </Button>
          )}
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          {answer.singleRolls.length === 0 ? (
            <p className="px-2 text-sm text-muted-foreground">
              {t("find.noRoll", { length: wanted, unit: lengthUnit })}
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("find.column.roll")}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t("find.column.batch")}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t("find.column.warehouse")}</TableHead>
                  <TableHead className="text-right">
                    {t("find.column.length", { unit: lengthUnit })}
                  </TableHead>
                  <TableHead className="text-right">
                    {t("find.column.leftOver", { unit: lengthUnit })}
                  </TableHead>
                  <TableHead className="hidden md:table-cell">{t("find.column.bin")}</TableHead>
                  <TableHead className="hidden md:table-cell">{t("find.column.received")}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t("find.column.start")}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {answer.singleRolls.map((roll: FoundRoll) => (
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
                    <TableCell className="text-right tabular-nums">
                      {formatLength(roll.lengthYards)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatLength(roll.leftoverYards)}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{roll.bin ?? "—"}</TableCell>
                    <TableCell className="hidden md:table-cell">{formatDate(roll.firstReceived)}</TableCell>
                    <TableCell className="text-right">
                      <StartActions
                        warehouseId={roll.warehouseId}
                        what={roll.code}
                        items={itemsCovering([roll], yards, roll)}
                        pin={{
                          materialId,
                          yards,
                          batch: roll.batch,
                          rolls: [
                            {
                              rollId: roll.id,
                              rollCode: roll.code,
                              batch: roll.batch,
                              lengthYards: roll.lengthYards,
                              yards,
                            },
                          ],
                          leftoverYards: roll.leftoverYards,
                        }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card id="dye-lot-answer">
        <CardHeader>
          <CardTitle>{t("find.oneLot")}</CardTitle>
          <CardDescription>{t("find.oneLotText", { length: wanted, unit: lengthUnit })}</CardDescription>
        </CardHeader>
        <CardContent>
          {answer.singleLots.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t("find.noLot", { length: wanted, unit: lengthUnit })}
            </p>
          ) : (
            <ul className="divide-y">
              {answer.singleLots.map((lot) => (
                <LotAnswer
                  key={`${lot.batch}-${lot.warehouseId}`}
                  lot={lot}
                  yards={yards}
                  materialId={materialId}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/** One dye lot that covers the job: where it is, the rolls to take, what they leave over. */
function LotAnswer({ lot, yards, materialId }: { lot: FoundLot; yards: number; materialId: number }) {
  const { t, lengthUnit } = useT();
  const { items, pin } = lotTakes(lot, yards, materialId);
  return (
    <li className="flex items-start justify-between gap-3 py-3 sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="text-sm font-medium">
          <T
            id="find.lotAt"
            values={{ batch: lot.batch, warehouse: lot.warehouseName }}
            components={{ code: (c) => <span className="font-mono">{c}</span> }}
          />
          <span className="text-muted-foreground">
            {" · "}
            {t("find.lotTotal", { length: formatLength(lot.totalYards), unit: lengthUnit })}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-1">
          {lot.rolls.map((r) => (
            <Badge key={r.id} variant="outline" className="font-mono">
              {r.code} · {formatLength(r.lengthYards)}
            </Badge>
          ))}
          <span className="text-sm text-muted-foreground">
            {" "}
            {t("find.lotRolls", { count: lot.rolls.length })},{" "}
            {t("find.lotLeftOver", { length: formatLengthWithUnit(lot.leftoverYards) })}
          </span>
        </p>
      </div>
      <StartActions
        warehouseId={lot.warehouseId}
        what={t("find.lotWhat", { batch: lot.batch, warehouse: lot.warehouseName })}
        items={items}
        pin={pin}
      />
    </li>
  );
}
