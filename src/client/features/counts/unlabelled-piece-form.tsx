import { useState } from "react";
import { LengthInput } from "../../components/length-field";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { lengthErrorKey, parseTypedLength } from "../../lib/format";
import { useMaterials } from "../materials/api/list-materials";
import { useAddEntry } from "./counts-api";
import { SimpleSelect } from "./simple-select";

/** A piece with no label: its material, batch, length and bin; it becomes a new roll when posted. */
export function UnlabelledPieceForm({ id }: { id: number }) {
  const { t, lengthUnit } = useT();
  const materials = useMaterials();
  const add = useAddEntry(id);
  const [open, setOpen] = useState(false);
  const [materialId, setMaterialId] = useState("");
  const [batch, setBatch] = useState("");
  const [length, setLength] = useState("");
  const [bin, setBin] = useState("");
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  if (!open) {
    return (
      <Button variant="outline" className="mt-6 w-full" onClick={() => setOpen(true)}>
        {t("counts.piece.open")}
      </Button>
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseTypedLength(length);
    if (!materialId || !batch.trim()) {
      setMessage({ text: t("counts.piece.required"), error: true });
      return;
    }
    if (!parsed.ok) {
      setMessage({ text: t(lengthErrorKey(parsed.error)), error: true });
      return;
    }
    add.mutate(
      {
        unlabelled: {
          materialId: Number(materialId),
          batch: batch.trim(),
          countedYards: parsed.yards,
          bin: bin.trim() || null,
        },
      },
      {
        onSuccess: () => {
          setLength("");
          setMessage({ text: t("counts.piece.saved"), error: false });
        },
        onError: (e) => setMessage({ text: errorMessage(e), error: true }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="mt-6 grid gap-4 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">{t("counts.piece.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("counts.piece.help")}</p>
      <SimpleSelect
        label={t("counts.piece.material")}
        value={materialId}
        onChange={setMaterialId}
        placeholder={t("counts.piece.materialPlaceholder")}
        options={(materials.data ?? []).map((m) => ({
          value: String(m.id),
          label: `${m.typeName} · ${m.colorName}`,
        }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="piece-batch">{t("counts.piece.batch")}</Label>
          <Input id="piece-batch" value={batch} onChange={(e) => setBatch(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="piece-bin">{t("counts.piece.bin")}</Label>
          <Input id="piece-bin" value={bin} onChange={(e) => setBin(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="piece-length">{t("counts.counting.length", { unit: lengthUnit })}</Label>
        <LengthInput id="piece-length" value={length} onChange={(e) => setLength(e.target.value)} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t("common.working") : t("counts.piece.add")}
      </Button>
      {message && (
        <p
          role={message.error ? "alert" : "status"}
          className={message.error ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
