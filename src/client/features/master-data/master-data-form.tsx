import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { DialogFooter } from "../../components/ui/dialog";
import { Form } from "../../components/ui/form";
import { toast, toastError } from "../../components/ui/use-toast";
import { t } from "../../i18n";
import { ApiError } from "../../lib/api-client";
import { issueText } from "../../lib/coded-message";
import { type EntityWords, entityTitle, failureFallback, successToast } from "./entity-words";

/** What the screen hands to an entity's form: `item` null = add, else edit that item. */
export interface MasterDataFormProps<T> {
  item: T | null;
  /** Closes the dialog (after a successful save, or on Cancel). */
  onDone: () => void;
}

interface MasterDataFormShellProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  words: EntityWords;
  editing: boolean;
  /** Sends the validated values (a mutation's mutateAsync); a rejection shows the failure toast. */
  onSave: (values: TOutput) => Promise<unknown>;
  onDone: () => void;
  /** The fields (FormField ... FormMessage). */
  children: React.ReactNode;
}

/**
 * The body of every add/edit dialog of the setup screens: the fields, Cancel and the submit button,
 * and the spec's CRUD flow: validate at the fields, save, toast, close (the dialog's content
 * unmounts, so the next opening starts from fresh values). Failures show the destructive "Error"
 * toast with the server's message or the spec's fallback; field issues of a 400 also go to the fields.
 */
export function MasterDataForm<TValues extends FieldValues, TOutput>({
  form,
  words,
  editing,
  onSave,
  onDone,
  children,
}: MasterDataFormShellProps<TValues, TOutput>) {
  const pending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      toastError(error, failureFallback(words, editing ? "update" : "add"));
      if (error instanceof ApiError) {
        const fields = Object.keys(form.getValues());
        for (const issue of error.issues) {
          if (fields.includes(issue.path)) {
            form.setError(issue.path as Path<TValues>, { type: "server", message: issueText(issue) });
          }
        }
      }
      return;
    }
    toast(successToast(words, editing ? "updated" : "added"));
    onDone();
  });

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        {children}
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending
              ? t("common.saving")
              : editing
                ? t("masterData.saveChanges")
                : t("masterData.add", { title: entityTitle(words) })}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
