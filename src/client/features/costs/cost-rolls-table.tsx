import { Input } from "../../components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { formatLength } from "../../lib/format";
import { useMoney } from "../../lib/money";
import { type CostLine, costInUnit } from "./cost-form-model";

/** Phones: headings wrap so that the cost fields stay in view without sideways scrolling. */
const wrapHead = "whitespace-normal sm:whitespace-nowrap";

const dash = <span className="text-muted-foreground">—</span>;

/**
 * The receipt's rolls line by line: each line's "one cost for all its rolls" field, then its rolls
 * with their length, cost now, the new cost typed and what it becomes with the landed cost's share.
 */
export function CostRollsTable({
  lines,
  costs,
  newCosts,
  invalid,
  onRollCost,
  onLineCost,
}: {
  lines: CostLine[];
  costs: Record<number, string>;
  /** Per roll id, the cost per yard the preview gives it. */
  newCosts: Map<number, number> | null;
  invalid: Set<number>;
  onRollCost: (rollId: number, text: string) => void;
  onLineCost: (line: CostLine, text: string) => void;
}) {
  const { t, lengthUnit } = useT();
  const money = useMoney();
  const perUnit = (perYard: number) => money(costInUnit(perYard, lengthUnit), { unitCost: true });
  const unit = { unit: lengthUnit };
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("costs.column.roll")}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            {t("costs.column.received", unit)}
          </TableHead>
          <TableHead className="hidden text-right sm:table-cell">{t("costs.column.length", unit)}</TableHead>
          <TableHead className={`text-right ${wrapHead}`}>{t("costs.column.costNow", unit)}</TableHead>
          <TableHead className={`w-28 sm:w-36 ${wrapHead}`}>{t("costs.column.newCost", unit)}</TableHead>
          <TableHead className="hidden text-right md:table-cell">{t("costs.column.after", unit)}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => {
          const lineId = `line-${line.key.replace(/\W/g, "-")}`;
          const shared = line.rolls.map((r) => costs[r.id] ?? "");
          const same = shared.every((text) => text === shared[0]) ? (shared[0] ?? "") : "";
          return [
            <TableRow key={line.key} className="bg-muted/40 hover:bg-muted/40">
              {/* No colSpan: the columns phones hide would shift the line's field out of its column. */}
              <TableCell className="whitespace-normal">
                <span className="font-medium">{line.label}</span>{" "}
                <span className="font-mono text-xs text-muted-foreground">{line.batch}</span>
                <span className="block text-xs text-muted-foreground">
                  {t("costs.lineRolls", { count: line.rolls.length })}
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell" />
              <TableCell className="hidden sm:table-cell" />
              <TableCell />
              <TableCell>
                <label htmlFor={lineId} className="sr-only">
                  {t("costs.lineCostLabel", { line: `${line.label} ${line.batch}` })}
                </label>
                <Input
                  id={lineId}
                  inputMode="decimal"
                  autoComplete="off"
                  className="text-right tabular-nums"
                  placeholder={t("costs.allRolls")}
                  value={same}
                  onChange={(e) => onLineCost(line, e.target.value)}
                />
              </TableCell>
              <TableCell className="hidden md:table-cell" />
            </TableRow>,
            ...line.rolls.map((roll) => {
              const id = `cost-${roll.id}`;
              const next = newCosts?.get(roll.id);
              return (
                <TableRow key={roll.id}>
                  <TableCell>
                    <span className="font-mono font-medium">{roll.code}</span>
                    <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                      {formatLength(roll.lengthYards)} {lengthUnit}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {formatLength(roll.receivedYards)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {formatLength(roll.lengthYards)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {roll.unitCost == null ? dash : perUnit(roll.unitCost)}
                  </TableCell>
                  <TableCell>
                    <label htmlFor={id} className="sr-only">
                      {t("costs.rollCostLabel", { code: roll.code })}
                    </label>
                    <Input
                      id={id}
                      inputMode="decimal"
                      autoComplete="off"
                      className="text-right tabular-nums"
                      value={costs[roll.id] ?? ""}
                      aria-invalid={invalid.has(roll.id) || undefined}
                      onChange={(e) => onRollCost(roll.id, e.target.value)}
                    />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">
                    {next === undefined ? dash : perUnit(next)}
                  </TableCell>
                </TableRow>
              );
            }),
          ];
        })}
      </TableBody>
    </Table>
  );
}
