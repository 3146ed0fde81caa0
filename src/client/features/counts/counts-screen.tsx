import { Link } from "wouter";
import { EmptyTableRow } from "../../components/empty-table-row";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { useT } from "../../i18n";
import { formatNumber, formatTimestampDate } from "../../lib/format";
import { useCan } from "../auth/current-user";
import { useCounts } from "./counts-api";
import { StartCountCard } from "./start-count-card";

/** Counts (CONTRACT.md section 14): start one, and the sessions newest first. */
export function CountsScreen() {
  const { t } = useT();
  const canRecord = useCan("record");
  const counts = useCounts();
  return (
    <div>
      <PageHeader title={t("counts.title")} description={t("counts.description")} />
      {canRecord && <StartCountCard />}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("counts.list.number")}</TableHead>
            <TableHead className="hidden sm:table-cell">{t("counts.list.warehouse")}</TableHead>
            <TableHead>{t("counts.list.status")}</TableHead>
            <TableHead className="hidden sm:table-cell">{t("counts.list.started")}</TableHead>
            <TableHead className="text-right">{t("counts.list.counted")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {counts.data?.length === 0 && <EmptyTableRow colSpan={5}>{t("counts.list.empty")}</EmptyTableRow>}
          {counts.data?.map((c) => (
            <TableRow key={c.id}>
              <TableCell className="font-mono">
                <Link
                  href={c.status === "Open" ? `/counts/${c.id}/count` : `/counts/${c.id}`}
                  className="underline-offset-4 hover:underline"
                >
                  {c.number}
                </Link>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{c.warehouseName}</TableCell>
              <TableCell>
                <Badge variant={c.status === "Open" ? "default" : "secondary"}>
                  {t(`counts.status.${c.status}`)}
                </Badge>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                {t("counts.list.startedBy", { date: formatTimestampDate(c.startedAt), user: c.startedBy })}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {t("counts.list.countedOf", {
                  counted: formatNumber(c.countedRolls),
                  expected: formatNumber(c.expectedRolls),
                })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
