import { Link } from "wouter";
import type { TransactionDetailLine } from "../../../../domain/transaction-views";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatLength, formatSignedLength } from "../../../lib/format";

/** Length headings may wrap on phones ("Previous / (yards)"). */
const yardsHead = "text-right whitespace-normal sm:whitespace-nowrap";

/** A signed length in the user's unit: "+" when positive, red when negative, green otherwise. */
function SignedYards({ value }: { value: number }) {
  return (
    <span className={cn("font-medium tabular-nums", value < 0 ? "text-red-700" : "text-green-700")}>
      {formatSignedLength(value)}
    </span>
  );
}

/** The line's roll code linking to the roll (CONTRACT.md section 8); "—" on lines from before rolls. */
function RollCode({ line }: { line: TransactionDetailLine }) {
  if (line.rollId === null || !line.rollCode) return <span className="text-muted-foreground">—</span>;
  return (
    <Link
      href={`/inventory/rolls/${line.rollId}`}
      className="font-mono font-medium whitespace-nowrap underline decoration-muted-foreground/50 underline-offset-2 hover:decoration-current"
    >
      {line.rollCode}
    </Link>
  );
}

/**
 * The Transaction Items table. Stock Opname shows the stored balance before the count (Previous),
 * the counted yards (Final) and the change (Delta) instead of Quantity (CONTRACT.md section 2).
 */
export function TransactionItemsTable({
  lines,
  opname,
}: {
  lines: TransactionDetailLine[];
  opname: boolean;
}) {
  const { t, lengthUnit } = useT();
  const unit = { unit: lengthUnit };
  const columns = opname ? 8 : 6;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t("transactionList.items.material")}</TableHead>
          {/* Phones: color, batch and warehouse go under the material, so that the yards stay in view. */}
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.color")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.batch")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.warehouse")}</TableHead>
          <TableHead className="hidden sm:table-cell">{t("transactionList.items.roll")}</TableHead>
          {opname ? (
            <>
              <TableHead className={yardsHead}>{t("transactionList.items.previous", unit)}</TableHead>
              <TableHead className={yardsHead}>{t("transactionList.items.final", unit)}</TableHead>
              <TableHead className={yardsHead}>{t("transactionList.items.delta", unit)}</TableHead>
            </>
          ) : (
            <TableHead className={yardsHead}>{t("transactionList.items.quantity", unit)}</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.length === 0 && (
          <EmptyTableRow colSpan={columns}>{t("transactionList.items.empty")}</EmptyTableRow>
        )}
        {lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell className="whitespace-normal sm:whitespace-nowrap">
              <span className="font-medium">{line.typeName}</span>
              <span className="block text-xs text-muted-foreground sm:hidden">
                {line.colorName} · <span className="font-mono whitespace-nowrap">{line.batch}</span>
                <br />
                {line.warehouseName}
                <br />
                {t("transactionList.items.roll")} <RollCode line={line} />
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{line.colorName}</TableCell>
            <TableCell className="hidden font-mono sm:table-cell">{line.batch}</TableCell>
            <TableCell className="hidden sm:table-cell">{line.warehouseName}</TableCell>
            <TableCell className="hidden sm:table-cell">
              <RollCode line={line} />
            </TableCell>
            {opname ? (
              <>
                <TableCell className="text-right tabular-nums">
                  {line.previousYards === null ? "—" : formatLength(line.previousYards)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {line.countedYards === null ? "—" : formatLength(line.countedYards)}
                </TableCell>
                <TableCell className="text-right">
                  <SignedYards value={line.yardsChange} />
                </TableCell>
              </>
            ) : (
              <TableCell className="text-right">
                <SignedYards value={line.yardsChange} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
