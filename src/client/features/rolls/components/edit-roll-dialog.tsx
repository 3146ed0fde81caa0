import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { Roll } from "../../../../domain/roll";
import { InputField } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Form } from "../../../components/ui/form";
import { toast, toastError } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useUpdateRoll } from "../api/update-roll";

interface FormValues {
  bin: string;
  widthInches: string;
}

/** The width as typed: blank clears it (null); undefined when it is no number. */
function widthOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

function EditRollForm({ roll, onDone }: { roll: Roll; onDone: () => void }) {
  const { t } = useT();
  const update = useUpdateRoll();
  const form = useForm<FormValues>({
    defaultValues: {
      bin: roll.bin ?? "",
      widthInches: roll.widthInches === null ? "" : String(roll.widthInches),
    },
  });
  const pending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    const widthInches = widthOf(values.widthInches);
    if (widthInches === undefined) {
      form.setError("widthInches", { type: "validate", message: "rolls.edit.widthRange" });
      return;
    }
    try {
      // The server checks the values (RollPatchSchema): its messages go to the fields.
      const patch = { bin: values.bin.trim() || null, widthInches };
      const updated = await update.mutateAsync({ id: roll.id, patch });
      toast({ title: t("rolls.edit.saved"), description: t("rolls.edit.savedText", { code: updated.code }) });
      onDone();
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      const onFields = issues.filter((i) => i.path === "bin" || i.path === "widthInches");
      for (const issue of onFields) {
        form.setError(issue.path as keyof FormValues, { type: "server", message: issue.message });
      }
      if (onFields.length === 0) toastError(error, t("rolls.edit.failed"));
    }
  });

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <InputField
          control={form.control}
          name="bin"
          label={t("rolls.edit.bin")}
          placeholder={t("rolls.edit.binPlaceholder")}
          autoComplete="off"
          description={t("rolls.edit.binDescription")}
        />
        <InputField
          control={form.control}
          name="widthInches"
          label={t("rolls.edit.width")}
          inputMode="decimal"
          placeholder={t("rolls.edit.widthPlaceholder")}
          autoComplete="off"
          description={t("rolls.edit.widthDescription")}
        />
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t("common.saving") : t("rolls.edit.save")}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** "Edit": a roll's bin and width (admin and clerk; the screen shows the button only to them). */
export function EditRollButton({ roll }: { roll: Roll }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <PencilIcon aria-hidden="true" />
        {t("rolls.edit.button")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("rolls.edit.title", { code: roll.code })}</DialogTitle>
            <DialogDescription>{t("rolls.edit.description")}</DialogDescription>
          </DialogHeader>
          {/* Mounted while open: each opening starts from the roll's values. */}
          {open && <EditRollForm roll={roll} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
