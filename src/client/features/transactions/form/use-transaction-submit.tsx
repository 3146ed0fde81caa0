import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useRef } from "react";
import type { FieldErrors, Resolver, UseFormReturn } from "react-hook-form";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { toast, toastError } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api-client";
import { stockKeys } from "../../stock/api/query-keys";
import { useCreateTransaction } from "../api/create-transaction";
import { type SystemYardsLookup, type TransactionFormValues, toPayload, validateForm } from "./form-model";

type Errors = FieldErrors<TransactionFormValues>;

/** Puts `message` at a dotted path ("supplierId", "items.0.batch", "items") of an errors object. */
function setError(errors: Record<string, unknown>, path: string, message: string) {
  const parts = path.split(".");
  let node = errors;
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1) {
      if (!node[part]) node[part] = { type: "domain", message };
      return;
    }
    const next = node[part];
    if (next === undefined) node[part] = /^\d+$/.test(parts[i + 1] ?? "") ? [] : {};
    else if (typeof next !== "object" || next === null) return;
    node = node[part] as Record<string, unknown>;
  }
}

/**
 * A react-hook-form resolver applying the domain's rules of `kind` (the schema the server uses), so
 * that messages such as "Supplier is required" appear at the fields and clear as they are fixed.
 */
export function useDomainResolver(
  kind: TransactionKind,
  lookup: RefObject<SystemYardsLookup>,
): Resolver<TransactionFormValues> {
  return useCallback(
    (values) => {
      const result = validateForm(kind, values, lookup.current);
      const errors: Record<string, unknown> = {};
      for (const issue of [...result.fieldIssues, ...result.itemIssues]) {
        setError(errors, issue.path, issue.message);
      }
      return Object.keys(errors).length === 0
        ? { values, errors: {} }
        : { values: {}, errors: errors as Errors };
    },
    [kind, lookup],
  );
}

/**
 * Save: item problems in a "Validation error" toast, then one POST with an Idempotency-Key that
 * stays the same while the form is unchanged (a double click or a retry posts once), success
 * toast and back to /transactions; a refusal shows the server's message and keeps the form.
 */
export function useTransactionSubmit(
  kind: TransactionKind,
  form: UseFormReturn<TransactionFormValues>,
  lookup: RefObject<SystemYardsLookup>,
  onSaved: () => void,
) {
  const create = useCreateTransaction();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);

  const onValid = async (values: TransactionFormValues) => {
    if (busy.current) return;
    const payload = toPayload(kind, values, lookup.current);
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    busy.current = true;
    try {
      await create.mutateAsync({ kind, body: payload, idempotencyKey: attempt.current.key });
      toast({ title: "Transaction saved", description: "The transaction has been successfully created." });
      onSaved();
    } catch (error) {
      toastError(error, "Failed to create transaction. Please try again.");
      // Stock changed meanwhile: reload it so that the caps show what is left now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: stockKeys.all });
      }
    } finally {
      busy.current = false;
    }
  };

  const onInvalid = () => {
    const { itemMessages } = validateForm(kind, form.getValues(), lookup.current);
    if (itemMessages.length === 0) return;
    toast({
      variant: "destructive",
      title: "Validation error",
      description:
        itemMessages.length === 1 ? (
          itemMessages[0]
        ) : (
          <ul className="list-disc pl-4">
            {itemMessages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ),
    });
  };

  return {
    submit: form.handleSubmit(onValid, onInvalid),
    pending: create.isPending || form.formState.isSubmitting,
  };
}
