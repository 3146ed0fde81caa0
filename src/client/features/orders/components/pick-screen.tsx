import { ArrowLeftIcon, CheckCircle2Icon, CircleIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { PickList } from "../../../../domain/order";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatLengthWithUnit, toIsoDate } from "../../../lib/format";
import { ScanRollField } from "../../scan/scan-roll-field";
import { usePickList } from "../api/order-queries";
import { usePostPickedUsage } from "../api/post-picked-usage";

/**
 * /orders/{id}/pick, for a phone: each reserved roll is confirmed by scanning its label (a roll the
 * order does not hold is refused, saying so); "Post usage" then posts the production usage of the
 * picked rolls with the order, which takes their reserved yards and fulfils the lines.
 */
export function PickScreen({ id }: { id: number | null }) {
  const { t } = useT();
  const list = usePickList(id);
  return (
    <>
      <PageHeader
        title={
          list.data ? t("orders.pick.title", { number: list.data.number }) : t("orders.pick.titleLoading")
        }
        actions={
          <Button variant="outline" asChild>
            <Link href={`/orders/${id ?? ""}`}>
              <ArrowLeftIcon aria-hidden="true" />
              {t("orders.pickList.back")}
            </Link>
          </Button>
        }
      />
      {list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(list.error)}
        </p>
      ) : list.data ? (
        <Picking list={list.data} />
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </>
  );
}

function Picking({ list }: { list: PickList }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [picked, setPicked] = useState<number[]>([]);
  const post = usePostPickedUsage();
  // One key per pick: pressing Post twice (a slow connection) posts once.
  const idempotencyKey = useRef(crypto.randomUUID());
  const rolls = list.rolls;
  const pickedRolls = rolls.filter((r) => picked.includes(r.rollId));

  function onRoll(roll: { id: number; code: string }) {
    if (!rolls.some((r) => r.rollId === roll.id)) return t("orders.pick.wrongRoll", { code: roll.code });
    if (picked.includes(roll.id)) return t("orders.pick.alreadyPicked", { code: roll.code });
    setPicked((p) => [...p, roll.id]);
    return null;
  }

  function postUsage() {
    const first = pickedRolls[0];
    if (!first) return;
    post.mutate(
      {
        idempotencyKey: idempotencyKey.current,
        body: {
          transactionDate: toIsoDate(new Date()),
          warehouseId: first.warehouseId,
          orderId: list.orderId,
          referenceDocument: list.number,
          items: pickedRolls.map((r) => ({
            materialId: r.materialId,
            batch: r.batch,
            yards: r.yards,
            rollId: r.rollId,
          })),
        },
      },
      {
        onSuccess: (detail) => {
          toast({ title: t("orders.pick.posted", { number: detail.header.transactionNumber }) });
          navigate(`/orders/${list.orderId}`);
        },
        onError: (error) => toast({ variant: "destructive", title: errorMessage(error) }),
      },
    );
  }

  if (rolls.length === 0)
    return <p className="text-sm text-muted-foreground">{t("orders.pickList.empty")}</p>;
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <ScanRollField onRoll={onRoll} label={t("orders.pick.scanLabel")} />
      <p className="mt-4 text-sm" role="status">
        {t("orders.pick.progress", { picked: pickedRolls.length, total: rolls.length })}
      </p>
      <ul className="flex flex-col gap-2" aria-label={t("orders.pick.rollsLabel")}>
        {rolls.map((r) => {
          const done = picked.includes(r.rollId);
          return (
            <li
              key={`${r.lineId}-${r.rollId}`}
              className={cn(
                "flex items-center gap-3 rounded-md border p-3",
                done && "border-green-600 bg-green-50",
              )}
            >
              {done ? (
                <CheckCircle2Icon
                  aria-label={t("orders.pick.pickedMark")}
                  className="size-5 text-green-700"
                />
              ) : (
                <CircleIcon
                  aria-label={t("orders.pick.toPickMark")}
                  className="size-5 text-muted-foreground"
                />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-mono font-medium">{r.rollCode}</p>
                <p className="text-sm text-muted-foreground">
                  {r.typeName} · {r.colorName} · {r.batch}
                  {r.bin ? ` · ${t("orders.binN", { bin: r.bin })}` : ""}
                </p>
              </div>
              <span className="font-medium tabular-nums">{formatLengthWithUnit(r.yards)}</span>
            </li>
          );
        })}
      </ul>
      <Button
        onClick={postUsage}
        disabled={pickedRolls.length === 0 || post.isPending}
        className="self-stretch sm:self-start"
      >
        {t(post.isPending ? "orders.pick.posting" : "orders.pick.postUsage")}
      </Button>
    </div>
  );
}
