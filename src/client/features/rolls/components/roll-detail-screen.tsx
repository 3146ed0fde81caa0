import { ArrowLeftIcon, PackageSearchIcon, TagIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "wouter";
import type { RollDetail } from "../../../../domain/roll";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatDate, formatLength, formatLengthWithUnit, formatTimestampDate } from "../../../lib/format";
import { useCan } from "../../auth/current-user";
import { labelsPath } from "../../labels/rolls-for-labels";
import { useMaterials } from "../../materials/api/list-materials";
import { QueryError } from "../../reports/components/query-error";
import { StockCardButton } from "../../reports/stock-card/stock-card-link";
import { typeLabel } from "../../transactions/list/type-label";
import { useRoll } from "../api/get-roll";
import { EditRollButton } from "./edit-roll-dialog";
import { RollLink, RollMaterial, widthText } from "./roll-cells";
import { type RollMoney, UnitCostText, ValueText } from "./roll-money";
import { RollMovements } from "./roll-movements";
import { RollStatusBadge } from "./roll-status-badge";

const ROLLS = "/inventory/rolls";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl>{children}</dl>
      </CardContent>
    </Card>
  );
}

function BackButton() {
  const { t } = useT();
  return (
    <Button variant="outline" asChild>
      <Link href={ROLLS}>
        <ArrowLeftIcon aria-hidden="true" />
        {t("rolls.detail.back")}
      </Link>
    </Button>
  );
}

function DetailSkeleton() {
  const { t } = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t("rolls.detail.loading")} className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-44 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

function NotFound() {
  const { t } = useT();
  return (
    <Card className="mx-auto mt-4 max-w-lg items-center px-6 py-10 text-center">
      <CardContent className="flex flex-col items-center gap-3">
        <PackageSearchIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{t("rolls.detail.notFound")}</h2>
        <p className="text-sm text-muted-foreground">{t("rolls.detail.notFoundText")}</p>
        <Button variant="outline" asChild>
          <Link href={ROLLS}>{t("rolls.detail.back")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /inventory/rolls/{id}: one roll, where it lies, what it came in as, and its movements. */
export function RollDetailScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const query = useRoll(id);
  const canEdit = useCan("record");
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  const roll = query.data?.roll;

  let body: React.ReactNode;
  if (notFound) body = <NotFound />;
  else if (query.isPending) body = <DetailSkeleton />;
  else if (query.isError || !query.data) body = <QueryError error={query.error} onRetry={query.refetch} />;
  else body = <DetailBody detail={query.data} />;

  return (
    <>
      <PageHeader
        title={roll ? t("rolls.detail.title", { code: roll.code }) : t("rolls.detail.titleFallback")}
        description={
          roll
            ? t("rolls.detail.description", {
                material: `${roll.typeName} / ${roll.colorName}`,
                batch: roll.batch,
                warehouse: roll.warehouseName,
              })
            : undefined
        }
        actions={
          <>
            <BackButton />
            {roll ? (
              <Button variant="outline" asChild>
                <Link href={labelsPath([roll.id])}>
                  <TagIcon aria-hidden="true" />
                  {t("rolls.detail.printLabel")}
                </Link>
              </Button>
            ) : null}
            {roll ? (
              <StockCardButton
                scope={{ materialId: roll.materialId, batch: roll.batch, warehouseId: roll.warehouseId }}
              />
            ) : null}
            {roll && canEdit ? <EditRollButton roll={roll} /> : null}
          </>
        }
      />
      {body}
    </>
  );
}

function DetailBody({ detail }: { detail: RollDetail }) {
  const { t, lengthUnit } = useT();
  const { roll, parentCode, movements } = detail;
  // A server from before pieces were listed answers none.
  const pieces = detail.pieces ?? [];
  const parent =
    roll.parentRollId === null
      ? null
      : { id: roll.parentRollId, code: parentCode ?? `#${roll.parentRollId}` };
  const materials = useMaterials();
  const colorCode = materials.data?.find((m) => m.id === roll.materialId)?.colorCode;
  // The length is after the last movement of yards: a cost correction's line changes value only.
  const lastMove = movements.filter((m) => !m.correctsNumber).at(-1);
  // Administrators: what the roll cost and is worth (issue 17); absent for other roles.
  const cost: RollMoney = roll;
  const showMoney = useCan("admin") && (cost.valueAmount != null || cost.unitCost != null);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-3 [&>*]:min-w-0">
        <Card className="gap-3">
          <CardHeader>
            {/* The code large, as on the roll's label. */}
            <CardTitle className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-3xl font-semibold tracking-tight">{roll.code}</span>
              <RollStatusBadge status={roll.status} />
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1">
            <p className="text-sm text-muted-foreground">{t("rolls.detail.lengthNow")}</p>
            <p className="text-2xl font-semibold tabular-nums">
              {formatLength(roll.lengthYards)}{" "}
              <span className="text-base font-normal text-muted-foreground">
                {t("rolls.detail.unitWord", { unit: lengthUnit })}
              </span>
            </p>
            {lastMove ? (
              <p className="text-xs text-muted-foreground">
                {t("rolls.detail.after", {
                  type: typeLabel(lastMove.transactionType).toLowerCase(),
                  number: lastMove.transactionNumber,
                })}
              </p>
            ) : null}
            {showMoney ? (
              <p className="mt-2 text-sm text-muted-foreground">
                {t("rolls.detail.value")}{" "}
                <span className="font-semibold text-foreground tabular-nums">
                  <ValueText roll={cost} />
                </span>
              </p>
            ) : null}
          </CardContent>
        </Card>
        <InfoCard title={t("rolls.detail.information")}>
          <Field label={t("rolls.detail.material")}>
            <RollMaterial roll={roll} colorCode={colorCode} />
          </Field>
          <Field label={t("rolls.detail.batch")}>
            <span className="font-mono">{roll.batch}</span>
          </Field>
          <Field label={t("rolls.detail.warehouse")}>{roll.warehouseName}</Field>
          <Field label={t("rolls.detail.bin")}>
            {roll.bin ?? <span className="text-muted-foreground">—</span>}
          </Field>
          <Field label={t("rolls.detail.width")}>{widthText(roll.widthInches)}</Field>
          {parent ? (
            <Field label={t("rolls.detail.cutFromLabel")}>
              <RollLink roll={parent} />
            </Field>
          ) : null}
          {pieces.length > 0 ? (
            <Field label={t("rolls.detail.pieces")}>
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                {pieces.map((p) => (
                  <span key={p.id} className="whitespace-nowrap">
                    <RollLink roll={p} />{" "}
                    <span className="font-normal text-muted-foreground">
                      {formatLengthWithUnit(p.receivedYards)}
                    </span>
                  </span>
                ))}
              </span>
            </Field>
          ) : null}
        </InfoCard>
        <InfoCard title={parent ? t("rolls.detail.cut") : t("rolls.detail.received")}>
          {parent ? (
            <Field label={t("rolls.detail.cut")}>
              {t("rolls.detail.cutFrom", { length: formatLengthWithUnit(roll.receivedYards) })}{" "}
              <RollLink roll={parent} />
            </Field>
          ) : (
            <Field label={t("rolls.detail.receivedField")}>
              {t("rolls.detail.measured", { length: formatLengthWithUnit(roll.receivedYards) })}
            </Field>
          )}
          <Field label={t("rolls.detail.ticket")}>
            {roll.ticketYards === null ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              formatLengthWithUnit(roll.ticketYards)
            )}
          </Field>
          {showMoney ? (
            <Field label={t("rolls.detail.unitCost")}>
              <span className="tabular-nums">
                <UnitCostText roll={cost} />
              </span>{" "}
              <span className="font-normal text-muted-foreground">
                {t("rolls.detail.perUnit", { unit: lengthUnit })}
              </span>
            </Field>
          ) : null}
          {/* A piece keeps its parent's receipt date: the fabric's age. */}
          <Field label={parent ? t("rolls.detail.fabricReceived") : t("rolls.detail.firstReceived")}>
            {formatDate(roll.firstReceived)}
          </Field>
          <Field label={t("rolls.detail.lastMoved")}>{formatTimestampDate(roll.lastMovedAt)}</Field>
        </InfoCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("rolls.movements.title")}</CardTitle>
        </CardHeader>
        <CardContent className="px-2 sm:px-5">
          <RollMovements movements={movements} pieces={pieces} />
        </CardContent>
      </Card>
    </div>
  );
}
