import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { useCloseCount } from "./counts-api";

/** Post (the clerk chooses what becomes of missing rolls) or Cancel an open count. */
export function CloseCountActions({ id }: { id: number }) {
  const { t } = useT();
  const close = useCloseCount(id);
  const [dialog, setDialog] = useState<"post" | "cancel" | null>(null);
  const [missing, setMissing] = useState<"keep" | "zero">("keep");

  // mutateAsync, not mutate's callbacks: the post refreshes the count, which unmounts these buttons
  // (a closed count has none), and mutate's callbacks are dropped once their component is gone.
  async function run(action: { post: "zero" | "keep" } | "cancel") {
    try {
      await close.mutateAsync(action);
      toast({ title: action === "cancel" ? t("counts.close.cancelled") : t("counts.close.posted") });
    } catch (error) {
      toast({ variant: "destructive", title: errorMessage(error) });
    } finally {
      setDialog(null);
    }
  }

  return (
    <>
      <Button onClick={() => setDialog("post")}>{t("counts.close.post")}</Button>
      <Button variant="outline" onClick={() => setDialog("cancel")}>
        {t("counts.close.cancel")}
      </Button>
      <ConfirmDialog
        open={dialog === "post"}
        onOpenChange={(open) => setDialog(open ? "post" : null)}
        title={t("counts.close.postTitle")}
        description={
          <span className="grid gap-3">
            <span>{t("counts.close.postHelp")}</span>
            <span role="radiogroup" aria-label={t("counts.close.missingLabel")} className="grid gap-2">
              {(["keep", "zero"] as const).map((choice) => (
                <label key={choice} className="flex items-start gap-2 text-foreground">
                  <input
                    type="radio"
                    name="count-missing"
                    className="mt-1"
                    checked={missing === choice}
                    onChange={() => setMissing(choice)}
                  />
                  {t(`counts.close.missing.${choice}`)}
                </label>
              ))}
            </span>
          </span>
        }
        confirmLabel={t("counts.close.post")}
        pending={close.isPending}
        onConfirm={() => void run({ post: missing })}
      />
      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={t("counts.close.cancelTitle")}
        description={t("counts.close.cancelHelp")}
        confirmLabel={t("counts.close.cancel")}
        cancelLabel={t("counts.close.keepOpen")}
        destructive
        pending={close.isPending}
        onConfirm={() => void run("cancel")}
      />
    </>
  );
}
