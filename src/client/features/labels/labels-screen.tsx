import { Printer } from "lucide-react";
import { useSearchParams } from "wouter";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useT } from "../../i18n";
import { FitToWidth } from "./fit-to-width";
import { LabelSheets, pageRuleOf } from "./label-sheets";
import type { LabelLayout } from "./roll-label";
import { idsFromText, useRollsForLabels } from "./rolls-for-labels";

const LAYOUTS: readonly LabelLayout[] = ["a4", "thermal"];

/**
 * Roll labels (CONTRACT.md section 9): /inventory/rolls/labels?ids=1,2,3&layout=a4|thermal. The
 * page shows the sheets as they will print; Print uses the browser's print dialog with the
 * layout's paper size (no app chrome, no margins).
 */
export function LabelsScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const ids = idsFromText(params.get("ids"));
  const layout: LabelLayout = params.get("layout") === "thermal" ? "thermal" : "a4";
  const rolls = useRollsForLabels(ids);
  const count = rolls.data?.length ?? 0;
  const setLayout = (value: LabelLayout) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("layout", value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <style>{pageRuleOf(layout)}</style>
      <div className="print:hidden space-y-4">
        <PageHeader
          title={t("labels.title")}
          description={rolls.isPending ? t("labels.loading") : t("labels.ready", { count })}
          actions={
            <Button onClick={() => window.print()} disabled={count === 0}>
              <Printer aria-hidden="true" />
              {t("labels.print")}
            </Button>
          }
        />
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("labels.layout")}</legend>
          {LAYOUTS.map((option) => (
            <Button
              key={option}
              type="button"
              variant={layout === option ? "default" : "outline"}
              aria-pressed={layout === option}
              onClick={() => setLayout(option)}
            >
              {t(`labels.layout.${option}`)}
            </Button>
          ))}
        </fieldset>
      </div>
      {rolls.isPending ? (
        <Skeleton className="h-96 w-full max-w-[210mm]" />
      ) : rolls.isError ? (
        <p role="alert" className="text-destructive">
          {t("labels.loadFailed")}
        </p>
      ) : count === 0 ? (
        <p className="text-muted-foreground">{t("labels.none")}</p>
      ) : (
        // Paper is wider than a phone: the preview is scaled to the screen's width, never the print.
        <FitToWidth layout={layout}>
          <LabelSheets rolls={rolls.data ?? []} layout={layout} />
        </FitToWidth>
      )}
    </div>
  );
}
