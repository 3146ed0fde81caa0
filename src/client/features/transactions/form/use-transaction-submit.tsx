import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type BaseSyntheticEvent, type RefObject, useCallback, useRef, useState } from "react";
import type { FieldErrors, Resolver, UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { toast, toastError } from "../../../components/ui/use-toast";
import { T, t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { issueText } from "../../../lib/coded-message";
import { fetchRollsForLabels, labelsPath } from "../../labels/rolls-for-labels";
import { stockKeys } from "../../stock/api/query-keys";
import { useCreateTransaction } from "../api/create-transaction";
import { batchSearchTerm, matchBatch } from "./batch-match";
import { type CutLine, cutCandidates, cutRollIds } from "./cut-labels";
import {
  type ItemRowValues,
  isConsumption,
  type SystemYardsLookup,
  type TransactionFormValues,
  toPayload,
} from "./form-model";
import { type BatchMatchLookup, formPathOf, itemMessageText, validateForm } from "./form-validation";
import { mixedLotSentences, rollIdsOf } from "./roll-rows";
import { batchCheckQuery } from "./typed-batch-field";

type Errors = FieldErrors<TransactionFormValues>;

/** The rolls a saved posting cut that need a new label (their lengths read after the posting). */
async function cutRollsOf(kind: TransactionKind, lines: readonly CutLine[]): Promise<number[]> {
  const candidates = cutCandidates(kind, lines);
  if (candidates.taken.length === 0) return candidates.pieces;
  // Unread lengths: every candidate is offered (a label too many, never one missing).
  const rolls = await fetchRollsForLabels(candidates.taken).catch(() => []);
  const lengths = new Map(rolls.map((r) => [r.id, r.lengthYards]));
  return cutRollIds(candidates, (id) => lengths.get(id));
}

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

/** How a typed batch relates to its material's batches, from what the form already asked the server. */
function cachedBatchMatch(queryClient: QueryClient): BatchMatchLookup {
  return (materialId, batch) => {
    const found = queryClient.getQueryData(batchCheckQuery(materialId, batch).queryKey);
    return found
      ? matchBatch(
          batch,
          found.map((b) => b.batch),
        )
      : undefined;
  };
}

/** Asks the server about every typed batch not asked about yet (Save checks them all). */
async function checkTypedBatches(queryClient: QueryClient, rows: readonly ItemRowValues[]) {
  const typed = rows.filter((r) => r.materialId && batchSearchTerm(r.batch));
  // A failed check leaves the batch unknown: the server takes it as typed, as before.
  await Promise.all(
    typed.map((r) =>
      queryClient.ensureQueryData(batchCheckQuery(r.materialId, r.batch)).catch(() => undefined),
    ),
  );
}

/**
 * A react-hook-form resolver applying the domain's rules of `kind` (the schema the server uses), so
 * that messages such as "Supplier is required" appear at the fields and clear as they are fixed.
 */
export function useDomainResolver(
  kind: TransactionKind,
  lookup: RefObject<SystemYardsLookup>,
): Resolver<TransactionFormValues> {
  const queryClient = useQueryClient();
  return useCallback(
    (values) => {
      const result = validateForm(kind, values, lookup.current, cachedBatchMatch(queryClient));
      const errors: Record<string, unknown> = {};
      for (const issue of [...result.fieldIssues, ...result.itemIssues]) {
        setError(errors, issue.path, issue.fieldMessage ?? issue.message);
      }
      return Object.keys(errors).length === 0
        ? { values, errors: {} }
        : { values: {}, errors: errors as Errors };
    },
    [kind, lookup, queryClient],
  );
}

/**
 * Save: typed batches checked against the material's batches, item problems in a "Validation
 * error" toast, then one POST with an Idempotency-Key that stays the same while the form is
 * unchanged (a double click or a retry posts once), a success toast linking to the new transaction
 * and back to /transactions; a refusal shows the server's message and keeps the form.
 */
export function useTransactionSubmit(
  kind: TransactionKind,
  form: UseFormReturn<TransactionFormValues>,
  lookup: RefObject<SystemYardsLookup>,
  onSaved: () => void,
  /** "Cotton / Red" for the dye-lot guard's sentences. */
  materialName?: RefObject<(materialId: number) => string>,
) {
  const create = useCreateTransaction();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);
  // Dye-lot guard (CONTRACT.md section 9): the sentences, and the values waiting for "Save anyway".
  const [mixedLots, setMixedLots] = useState<{ sentences: string[]; values: TransactionFormValues } | null>(
    null,
  );

  const onValid = async (values: TransactionFormValues, lotsConfirmed = false) => {
    if (busy.current) return;
    if (!lotsConfirmed && isConsumption(kind)) {
      const sentences = mixedLotSentences(
        values.items,
        (id) => materialName?.current(id) ?? t("transactions.form.materialNumber", { id }),
      );
      if (sentences.length > 0) {
        setMixedLots({ sentences, values });
        return;
      }
    }
    const payload = toPayload(kind, values, lookup.current);
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    busy.current = true;
    try {
      const saved = await create.mutateAsync({ kind, body: payload, idempotencyKey: attempt.current.key });
      const { id, transactionNumber } = saved.header;
      // A receive made rolls: their labels are one click away (CONTRACT.md section 9); so are the
      // labels of rolls a posting cut, whose lengths changed (section 12).
      const newRolls = kind === "receive" ? rollIdsOf(saved.details) : await cutRollsOf(kind, saved.details);
      toast({
        title: t("transactions.saved.title"),
        description: (
          <>
            <span className="block">
              <T
                id="transactions.saved.number"
                values={{ number: transactionNumber }}
                components={{
                  link: (c) => (
                    <Link href={`/transactions/${id}`} className="font-medium underline underline-offset-2">
                      {c}
                    </Link>
                  ),
                }}
              />
            </span>
            <span className="block">{t("transactions.saved.description")}</span>
            {newRolls.length > 0 ? (
              <Link
                href={labelsPath(newRolls)}
                className="mt-1 block font-medium underline underline-offset-2"
              >
                {t("transactions.saved.printLabels", { count: newRolls.length })}
              </Link>
            ) : null}
          </>
        ),
      });
      onSaved();
    } catch (error) {
      toastError(error, t("transactions.saved.failed"));
      // A refusal naming fields (items.0.rollId, items.0.rolls.3.lengthYards): said at them too.
      if (error instanceof ApiError && error.status === 400) {
        for (const issue of error.issues) {
          const path = formPathOf(issue.path);
          if (path) form.setError(path, { type: "server", message: issueText(issue) });
        }
      }
      // Stock changed meanwhile: reload it (and the rolls) so that the caps show what is left now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: stockKeys.all });
        void queryClient.invalidateQueries({ queryKey: ["rolls"] });
      }
    } finally {
      busy.current = false;
    }
  };

  const onInvalid = () => {
    const { itemMessages } = validateForm(
      kind,
      form.getValues(),
      lookup.current,
      cachedBatchMatch(queryClient),
    );
    if (itemMessages.length === 0) return;
    toast({
      variant: "destructive",
      title: t("transactions.form.validationError"),
      description:
        itemMessages.length === 1 ? (
          itemMessageText(itemMessages[0] ?? "")
        ) : (
          <ul className="list-disc pl-4">
            {itemMessages.map((m) => (
              <li key={m}>{itemMessageText(m)}</li>
            ))}
          </ul>
        ),
    });
  };

  const validateAndSave = form.handleSubmit((values) => onValid(values), onInvalid);
  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (!isConsumption(kind)) await checkTypedBatches(queryClient, form.getValues("items"));
    await validateAndSave();
  };

  const dialog = (
    <ConfirmDialog
      open={mixedLots !== null}
      onOpenChange={(open) => {
        if (!open) setMixedLots(null);
      }}
      title={t("transactions.mixedLots.title")}
      description={
        <span className="grid gap-1">
          {mixedLots?.sentences.map((s) => (
            <span key={s} className="block">
              {s}
            </span>
          ))}
        </span>
      }
      confirmLabel={t("transactions.mixedLots.saveAnyway")}
      cancelLabel={t("transactions.mixedLots.goBack")}
      onConfirm={() => {
        const waiting = mixedLots;
        setMixedLots(null);
        if (waiting) void onValid(waiting.values, true);
      }}
    />
  );

  return { submit, pending: create.isPending || form.formState.isSubmitting, dialog };
}
