import { Printer } from "lucide-react";
import { useSearchParams } from "wouter";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { FitToWidth } from "./fit-to-width";
import { LabelSheets, pageRuleOf } from "./label-sheets";
import type { LabelLayout } from "./roll-label";
import { idsFromText, useRollsForLabels } from "./rolls-for-labels";

const LAYOUTS: { value: LabelLayout; label: string }[] = [
  { value: "a4", label: "A4 sheet (3 × 8)" },
  { value: "thermal", label: "Thermal 4 × 6 in" },
];

/**
 * Roll labels (CONTRACT.md section 9): /inventory/rolls/labels?ids=1,2,3&layout=a4|thermal. The
 * page shows the sheets as they will print; Print uses the browser's print dialog with the
 * layout's paper size (no app chrome, no margins).
 */
export function LabelsScreen() {
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
          title="Roll Labels"
          description={
            rolls.isPending
              ? "Loading the rolls…"
              : count === 1
                ? "1 label, ready to print."
                : `${count} labels, ready to print.`
          }
          actions={
            <Button onClick={() => window.print()} disabled={count === 0}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          }
        />
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Label layout</legend>
          {LAYOUTS.map((option) => (
            <Button
              key={option.value}
              type="button"
              variant={layout === option.value ? "default" : "outline"}
              aria-pressed={layout === option.value}
              onClick={() => setLayout(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </fieldset>
      </div>
      {rolls.isPending ? (
        <Skeleton className="h-96 w-full max-w-[210mm]" />
      ) : rolls.isError ? (
        <p role="alert" className="text-destructive">
          The rolls could not be loaded. Try again.
        </p>
      ) : count === 0 ? (
        <p className="text-muted-foreground">
          No rolls to label. Choose rolls on the Rolls list or a roll's page.
        </p>
      ) : (
        // Paper is wider than a phone: the preview is scaled to the screen's width, never the print.
        <FitToWidth layout={layout}>
          <LabelSheets rolls={rolls.data ?? []} layout={layout} />
        </FitToWidth>
      )}
    </div>
  );
}
