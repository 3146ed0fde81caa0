import { CheckIcon } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import type { SetupProgress } from "../../../../domain/report";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { t, useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { useCan } from "../../auth/current-user";

interface Step {
  key: keyof SetupProgress;
  /** Its words: dashboard.getStarted.<key>.title / .description / .action. */
  href: string;
  /** Who may do it: administrators set up, clerks (and administrators) record. */
  access: "admin" | "record";
}

/** In the order they depend on each other: a receipt needs a warehouse, a supplier and a material. */
const STEPS: Step[] = [
  {
    key: "warehouses",
    href: "/setup/warehouses",
    access: "admin",
  },
  {
    key: "suppliers",
    href: "/setup/suppliers",
    access: "admin",
  },
  {
    key: "materials",
    href: "/setup/materials",
    access: "admin",
  },
  {
    key: "transactions",
    href: "/transactions/receive",
    access: "record",
  },
];

const SETUP_KEYS = ["warehouses", "suppliers", "materials"] as const;

/** "warehouses", "warehouses and materials", "warehouses, suppliers and materials" (or "gudang dan bahan"). */
function listWords(words: string[]): string {
  if (words.length < 2) return words[0] ?? "";
  return t("dashboard.getStarted.list", { first: words.slice(0, -1).join(", "), last: words.at(-1) ?? "" });
}

/**
 * The dashboard of a new installation (issue 13): what to set up first, in order, each step with a
 * link to its screen for those who may do it, done steps ticked. Gone once every step is done.
 * Clerks and viewers cannot set up: they are told to ask an administrator.
 */
export function GetStarted({ setup }: { setup: SetupProgress }) {
  useT();
  const canSetUp = useCan("admin");
  const canRecord = useCan("record");
  const titleId = useId();
  if (STEPS.every((s) => setup[s.key])) return null;
  const next = STEPS.find((s) => !setup[s.key]);
  const missingSetup = SETUP_KEYS.filter((k) => !setup[k]);
  const done = STEPS.filter((s) => setup[s.key]).length;
  const may = (step: Step) => (step.access === "admin" ? canSetUp : canRecord);

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{t("dashboard.getStarted.title")}</CardTitle>
        <CardDescription>
          {t("dashboard.getStarted.description", { done, total: STEPS.length })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ol className="grid gap-2">
          {STEPS.map((step, index) => {
            const isDone = setup[step.key];
            return (
              <li
                key={step.key}
                className={cn(
                  "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3",
                  isDone && "bg-muted/40",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                    isDone && "border-transparent bg-success text-success-foreground",
                  )}
                >
                  {isDone ? <CheckIcon className="size-4" /> : index + 1}
                </span>
                <span className="grid min-w-0 flex-1 basis-48 gap-0.5">
                  <span className={cn("text-sm font-medium", isDone && "text-muted-foreground")}>
                    {t(`dashboard.getStarted.${step.key}.title`)}
                    <span className="sr-only">
                      {isDone
                        ? ` ${t("dashboard.getStarted.srDone")}`
                        : ` ${t("dashboard.getStarted.srToDo")}`}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t(`dashboard.getStarted.${step.key}.description`)}
                  </span>
                </span>
                {/* Phones: under the text, in line with it. */}
                {isDone ? (
                  <Badge variant="success" aria-hidden="true" className="ml-10 sm:ml-0">
                    {t("dashboard.getStarted.done")}
                  </Badge>
                ) : (
                  may(step) && (
                    <Button
                      asChild
                      size="sm"
                      variant={step === next ? "default" : "outline"}
                      className="ml-10 sm:ml-0"
                    >
                      <Link href={step.href}>{t(`dashboard.getStarted.${step.key}.action`)}</Link>
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ol>
        {!canSetUp && missingSetup.length > 0 && (
          <p className="text-sm text-muted-foreground">
            {t("dashboard.getStarted.askAdmin", {
              what: listWords(missingSetup.map((k) => t(`dashboard.getStarted.${k}.noun`))),
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
