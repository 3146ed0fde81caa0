import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon, Loader2Icon } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { useCan } from "../auth/current-user";
import { FileDrop } from "./file-drop";
import {
  IMPORT_KINDS,
  type ImportKind,
  ImportRefusedError,
  type ImportResult,
  sendImport,
  templateUrl,
} from "./import-api";
import { ImportErrors } from "./import-errors";
import { ImportOutcome, PreviewSummary } from "./import-outcome";
import { ImportSample } from "./import-sample";

type Step =
  | { at: "idle" }
  | { at: "previewing" }
  | { at: "previewed"; preview: ImportResult }
  | { at: "committing"; preview: ImportResult }
  | { at: "done"; result: ImportResult }
  | { at: "failed"; message: string; code: string; preview?: ImportResult };

/** /setup/import (administrators): moving in from spreadsheets (CONTRACT.md section 13). */
export function ImportScreen() {
  const { t } = useT();
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // A setup screen's "Import from file" names its kind.
  const asked = IMPORT_KINDS.find((k) => k === params.get("kind"));
  const [kind, setKind] = useState<ImportKind>(asked ?? "materials");
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ at: "idle" });

  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t("imports.title")} />
        <p className="text-sm text-muted-foreground">{t("imports.adminOnly")}</p>
      </>
    );
  }

  async function preview(chosen: File, as: ImportKind) {
    setStep({ at: "previewing" });
    try {
      setStep({ at: "previewed", preview: await sendImport(as, "preview", chosen) });
    } catch (error) {
      setStep(failure(error));
    }
  }

  async function commit(previewed: ImportResult) {
    if (!file) return;
    setStep({ at: "committing", preview: previewed });
    try {
      const result = await sendImport(kind, "commit", file);
      // Lists, stock and reports show what was made.
      await queryClient.invalidateQueries();
      setStep({ at: "done", result });
    } catch (error) {
      setStep(failure(error));
    }
  }

  function choose(next: ImportKind) {
    setKind(next);
    if (file) void preview(file, next);
  }

  const shown = step.at === "previewed" || step.at === "committing" ? step.preview : undefined;
  const errors = shown?.errors ?? (step.at === "failed" ? (step.preview?.errors ?? []) : []);
  const busy = step.at === "previewing" || step.at === "committing";

  return (
    <div className="space-y-6">
      <PageHeader title={t("imports.title")} description={t("imports.description")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("imports.step.kind")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
            <legend className="sr-only">{t("imports.step.kind")}</legend>
            {IMPORT_KINDS.map((k) => (
              <label
                key={k}
                className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="import-kind"
                  value={k}
                  checked={kind === k}
                  disabled={busy}
                  onChange={() => choose(k)}
                  className="mt-0.5"
                />
                <span>
                  <span className="block font-medium">{t(`imports.kind.${k}.label`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`imports.kind.${k}.hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t("imports.template.label")}</span>
            {(["csv", "xlsx"] as const).map((format) => (
              <Button key={format} asChild variant="outline" size="sm">
                <a href={templateUrl(kind, format)} download>
                  <DownloadIcon aria-hidden="true" />
                  {t(`imports.template.${format}`)}
                </a>
              </Button>
            ))}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("imports.step.file")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <FileDrop
            file={file}
            onFile={(picked) => {
              setFile(picked);
              void preview(picked, kind);
            }}
          />
          {step.at === "previewing" && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
              {t("imports.previewing")}
            </p>
          )}
          {step.at === "failed" && (
            <div
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
            >
              <p className="font-medium text-destructive">
                {step.code === "ALREADY_IMPORTED" ? t("imports.already") : t("imports.failed")}
              </p>
              <p>{step.message}</p>
            </div>
          )}
          {shown && <PreviewSummary preview={shown} />}
          {shown?.sample && shown.sample.rows.length > 0 && (
            <ImportSample sample={shown.sample} errors={errors} rows={shown.rows} />
          )}
          {errors.length > 0 && <ImportErrors errors={errors} />}
          {shown && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                disabled={shown.errors.length > 0 || step.at === "committing"}
                onClick={() => void commit(shown)}
              >
                {t("imports.import", { count: shown.rows })}
              </Button>
              {shown.errors.length > 0 && <p className="text-sm text-destructive">{t("imports.fixFirst")}</p>}
            </div>
          )}
          {step.at === "committing" && <CommitProgress />}
          {step.at === "done" && <ImportOutcome result={step.result} />}
        </CardContent>
      </Card>
    </div>
  );
}

/** The server answers once, at the end: the bar moves while it works (a large file takes a while). */
function CommitProgress() {
  const { t } = useT();
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={t("imports.committing")}
        aria-busy="true"
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full w-1/3 animate-[import-progress_1.4s_ease-in-out_infinite] rounded-full bg-primary" />
      </div>
      <p className="text-sm text-muted-foreground">{t("imports.committing")}</p>
    </div>
  );
}

function failure(error: unknown): Step {
  if (error instanceof ImportRefusedError) {
    return {
      at: "failed",
      code: error.code,
      message: errorMessage(error),
      preview: error.result ?? undefined,
    };
  }
  return { at: "failed", code: "", message: errorMessage(error) };
}
