import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import type { CountSession } from "../../../domain/count";
import type { Roll } from "../../../domain/roll";
import { LengthInput } from "../../components/length-field";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { formatLengthWithUnit, lengthErrorKey, parseTypedLength } from "../../lib/format";
import { lookupRoll } from "../scan/lookup-roll";
import { ScanRollField } from "../scan/scan-roll-field";
import { useAddEntry, useCount } from "./counts-api";
import { MyEntries } from "./my-entries";
import { UnlabelledPieceForm } from "./unlabelled-piece-form";

/** The counting screen (CONTRACT.md section 14), made for a phone: a code, its length, Next. */
export function CountingScreen({ id }: { id: number }) {
  const { t } = useT();
  const count = useCount(id);
  const session = count.data;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title={session ? t("counts.counting.title", { number: session.number }) : t("counts.title")}
        description={session?.warehouseName}
        actions={
          <Button asChild variant="outline">
            <Link href={`/counts/${id}`}>{t("counts.counting.review")}</Link>
          </Button>
        }
      />
      {session && session.status !== "Open" && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {t("counts.counting.closed", { status: t(`counts.status.${session.status}`) })}
        </p>
      )}
      {session?.status === "Open" && <CountRollForm session={session} />}
      {session && (
        <p className="mt-4 text-sm text-muted-foreground">
          {t("counts.counting.progress", { counted: session.countedRolls, expected: session.expectedRolls })}
        </p>
      )}
      <MyEntries id={id} />
      {session?.status === "Open" && <UnlabelledPieceForm id={id} />}
    </div>
  );
}

function CountRollForm({ session }: { session: CountSession }) {
  const { t, lengthUnit } = useT();
  const add = useAddEntry(session.id);
  const [roll, setRoll] = useState<Roll | null>(null);
  const [length, setLength] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const lengthRef = useRef<HTMLInputElement>(null);
  const scanRef = useRef<HTMLDivElement>(null);
  const recount = new URLSearchParams(useSearch()).get("roll");

  // "Recount" on a review row opens this screen on that roll: only its length is left to type.
  useEffect(() => {
    if (!recount) return;
    let live = true;
    void lookupRoll(recount).then((found) => {
      if (!live) return;
      if ("roll" in found) {
        setRoll(found.roll);
        lengthRef.current?.focus();
      } else setError(found.error);
    });
    return () => {
      live = false;
    };
  }, [recount]);

  function next(event: React.FormEvent) {
    event.preventDefault();
    if (!roll) {
      setError(t("counts.counting.scanFirst"));
      return;
    }
    const parsed = parseTypedLength(length);
    if (!parsed.ok) {
      setError(t(lengthErrorKey(parsed.error)));
      return;
    }
    add.mutate(
      { rollCode: roll.code, countedYards: parsed.yards },
      {
        onSuccess: (entry) => {
          setDone(t("counts.counting.saved", { code: entry.rollCode ?? roll.code }));
          setRoll(null);
          setLength("");
          setError(null);
          scanRef.current?.querySelector("input")?.focus();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <form onSubmit={next} className="grid gap-6 rounded-lg border p-4">
      <div ref={scanRef}>
        <ScanRollField
          label={t("counts.counting.code")}
          onRoll={(found) => {
            setRoll(found);
            setError(null);
            setDone(null);
            // After the field has emptied itself: the clerk types the length next.
            requestAnimationFrame(() => lengthRef.current?.focus());
            return null;
          }}
        />
      </div>
      {roll && (
        <div className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
          <p className="font-mono font-semibold">{roll.code}</p>
          <p>
            {roll.typeName} · {roll.colorName} · {t("counts.counting.batch", { batch: roll.batch })}
            {roll.bin ? ` · ${t("counts.counting.bin", { bin: roll.bin })}` : ""}
          </p>
          {roll.warehouseId !== session.warehouseId && (
            <p className="mt-1 font-medium text-amber-700 dark:text-amber-400">
              {t("counts.counting.elsewhere", { warehouse: roll.warehouseName })}
              {roll.reservedYards > 0 &&
                ` ${t("counts.counting.elsewhereReserved", { yards: formatLengthWithUnit(roll.reservedYards) })}`}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="count-length">{t("counts.counting.length", { unit: lengthUnit })}</Label>
        <LengthInput
          id="count-length"
          ref={lengthRef}
          value={length}
          onChange={(e) => {
            setLength(e.target.value);
            setError(null);
          }}
          className="h-12 text-lg"
        />
      </div>
      <Button type="submit" size="lg" className="h-12 text-base" disabled={add.isPending}>
        {add.isPending ? t("common.working") : t("counts.counting.next")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {done && !error && (
        <p role="status" className="text-sm text-muted-foreground">
          {done}
        </p>
      )}
    </form>
  );
}
