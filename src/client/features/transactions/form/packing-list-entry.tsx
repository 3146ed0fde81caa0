import { ClipboardPasteIcon, Loader2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { messageText } from "../../../lib/coded-message";
import { type ImportRowError, type PackingListResult, readPackingList } from "../../imports/import-api";

/**
 * Receive: a supplier's packing list, pasted from a spreadsheet or e-mail or picked as a CSV/XLSX
 * file, read by the server into roll rows (CONTRACT.md section 13). A list with errors fills
 * nothing: the clerk fixes the rows named and tries again.
 */
export function PackingListEntry({
  n,
  onRead,
}: {
  /** The item's number, to name the button for screen readers. */
  n: number;
  onRead: (result: PackingListResult) => void;
}) {
  const { t } = useT();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  async function read(source: { text: string } | { file: File }) {
    setBusy(true);
    setErrors([]);
    setFailure(null);
    try {
      const result = await readPackingList(source);
      if (result.errors.length > 0) {
        setErrors(result.errors);
        return;
      }
      onRead(result);
      setText("");
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors([]);
          setFailure(null);
        }
      }}
    >
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t("imports.packing.openFor", { n })}
      >
        <ClipboardPasteIcon aria-hidden="true" />
        {t("imports.packing.open")}
      </Button>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("imports.packing.title")}</DialogTitle>
          <DialogDescription>{t("imports.packing.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-text`}>{t("imports.packing.paste")}</Label>
          <Textarea
            id={`${ids}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            spellCheck={false}
            placeholder={t("imports.packing.placeholder")}
            className="font-mono text-xs tabular-nums"
          />
        </div>
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        )}
        {errors.length > 0 && (
          <div role="alert" className="space-y-1 text-sm">
            <p className="font-medium text-destructive">
              {t("imports.packing.errors", { count: errors.length })}
            </p>
            <ul className="max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5">
              {errors.slice(0, 50).map((e) => (
                <li key={`${e.row}-${e.column}`}>
                  {t("imports.packing.error", {
                    row: e.row,
                    column: e.column,
                    message: messageText(e),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogFooter className="gap-2 sm:justify-between">
          <Button type="button" variant="outline" asChild disabled={busy}>
            <label htmlFor={`${ids}-file`} className="cursor-pointer">
              {t("imports.packing.fromFile")}
              <input
                id={`${ids}-file`}
                type="file"
                accept=".csv,.xlsx,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                disabled={busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) void read({ file });
                }}
              />
            </label>
          </Button>
          <Button type="button" disabled={busy || text.trim() === ""} onClick={() => void read({ text })}>
            {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
            {t("imports.packing.fill")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
