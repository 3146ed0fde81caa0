import { Link } from "wouter";
import type { CountReviewLine } from "../../../domain/count";
import { EmptyTableRow } from "../../components/empty-table-row";
import { TableSkeletonRows } from "../../components/table-skeleton-rows";
import { Button } from "../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { formatLength, formatSignedLength } from "../../lib/format";
import { LineStatusBadge } from "./status-badge";

const COLUMNS = 9;
const recountPath = (id: number, code: string) => `/counts/${id}/count?roll=${encodeURIComponent(code)}`;
const blank = (value: number | null | undefined, format: (v: number) => string) =>
  value == null ? "—" : format(value);

/** Expected against counted per roll, in walk order; a row's Recount opens the counting screen on it. */
export function ReviewTable({
  id,
  lines,
  canRecount,
}: {
  id: number;
  lines: CountReviewLine[] | undefined;
  canRecount: boolean;
}) {
  const { t, lengthUnit } = useT();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t("counts.review.roll")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("counts.review.material")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("counts.review.bin")}</TableHead>
          <TableHead className="whitespace-normal text-right md:whitespace-nowrap">
            {t("counts.review.expectedHeader", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="whitespace-normal text-right md:whitespace-nowrap">
            {t("counts.review.countedHeader", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="hidden text-right md:table-cell">
            {t("counts.review.movedHeader", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="hidden text-right md:table-cell">
            {t("counts.review.varianceHeader", { unit: lengthUnit })}
          </TableHead>
          <TableHead className="hidden md:table-cell">{t("counts.review.status")}</TableHead>
          <TableHead className="hidden md:table-cell">
            <span className="sr-only">{t("counts.review.actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {!lines && <TableSkeletonRows columns={COLUMNS} rows={5} />}
        {lines?.length === 0 && <EmptyTableRow colSpan={COLUMNS}>{t("counts.review.empty")}</EmptyTableRow>}
        {lines?.map((line, index) => (
          <TableRow key={line.rollId ?? `piece-${index}`}>
            <TableCell className="whitespace-normal">
              <span className="font-mono">{line.rollCode ?? t("counts.kind.unlabelled")}</span>
              {/* On a phone the status sits under the code: the table keeps to the screen's width. */}
              <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 md:hidden">
                <LineStatusBadge status={line.status} />
                {canRecount && line.rollCode && (
                  <Link
                    href={recountPath(id, line.rollCode)}
                    className="text-sm underline underline-offset-4"
                  >
                    {t("counts.review.recount")}
                  </Link>
                )}
              </span>
            </TableCell>
            <TableCell className="hidden md:table-cell">
              {line.typeName} · {line.colorName}
              <span className="block text-xs text-muted-foreground">
                {t("counts.counting.batch", { batch: line.batch })}
              </span>
            </TableCell>
            <TableCell className="hidden md:table-cell">{line.bin ?? "—"}</TableCell>
            <TableCell className="text-right tabular-nums">
              {blank(line.expectedYards, formatLength)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {blank(line.countedYards, formatLength)}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">
              {line.movedSinceYards === 0 ? "—" : formatSignedLength(line.movedSinceYards)}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">
              {blank(line.varianceYards, formatSignedLength)}
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <LineStatusBadge status={line.status} />
            </TableCell>
            <TableCell className="hidden text-right md:table-cell">
              {canRecount && line.rollCode && (
                <Button asChild variant="ghost" size="sm">
                  <Link href={recountPath(id, line.rollCode)}>{t("counts.review.recount")}</Link>
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
