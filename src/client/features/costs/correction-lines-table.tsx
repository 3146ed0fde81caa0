import { Link } from "wouter";
import type { TransactionDetailLine } from "../../../domain/transaction-views";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { useMoney } from "../../lib/money";
import { useCan } from "../auth/current-user";
import { typeLabel } from "../transactions/list/type-label";

const kind = (line: TransactionDetailLine) => (line.valueType ? typeLabel(line.valueType) : "—");

/**
 * A cost correction's lines (CONTRACT.md section 16): value only, no yards, so instead of a
 * Quantity of 0.00 each says which kind of movement it corrects and, for administrators, the value
 * it moves.
 */
export function CorrectionLinesTable({ lines }: { lines: TransactionDetailLine[] }) {
  const { t } = useT();
  const money = useMoney();
  const admin = useCan("admin");
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("transactionList.items.material")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.batch")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.warehouse")}</TableHead>
          <TableHead>{t("transactionList.items.roll")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("costs.detail.valueType")}</TableHead>
          {admin ? <TableHead className="text-right">{t("costs.detail.value")}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell className="whitespace-normal">
              <span className="font-medium">{line.typeName}</span> · {line.colorName}
              <span className="block font-mono text-xs text-muted-foreground sm:hidden">{line.batch}</span>
            </TableCell>
            <TableCell className="hidden font-mono sm:table-cell">{line.batch}</TableCell>
            <TableCell className="hidden sm:table-cell">{line.warehouseName}</TableCell>
            <TableCell>
              {line.rollId === null ? (
                "—"
              ) : (
                <Link
                  href={`/inventory/rolls/${line.rollId}`}
                  className="font-mono font-medium underline decoration-muted-foreground/50 underline-offset-2"
                >
                  {line.rollCode}
                </Link>
              )}
              {/* Phones: what it corrects under the roll, so that the value stays in view. */}
              <span className="block text-xs text-muted-foreground sm:hidden">{kind(line)}</span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{kind(line)}</TableCell>
            {admin ? (
              <TableCell className="text-right tabular-nums">
                {line.valueChange === undefined ? "—" : money(line.valueChange, { signed: true })}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
