import { UploadIcon } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { useT } from "../../i18n";
import { cn } from "../../lib/cn";

/** A zone to drop a CSV or XLSX file on, or click to pick one. */
export function FileDrop({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const { t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  }

  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed p-6 text-center text-sm transition-colors hover:bg-muted/40",
        over && "border-primary bg-muted/60",
      )}
    >
      <UploadIcon aria-hidden="true" className="size-6 text-muted-foreground" />
      <span className="font-medium">{file ? file.name : t("imports.drop.title")}</span>
      <span className="text-xs text-muted-foreground">{t("imports.drop.hint")}</span>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={t("imports.drop.pick")}
        className="sr-only"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          if (picked) onFile(picked);
          // The same file picked again (after fixing it) is read again.
          e.target.value = "";
        }}
      />
    </label>
  );
}
