import { FileClockIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { Button } from "../../../components/ui/button";
import { t, useT } from "../../../i18n";
import { intlLocale } from "../../../i18n/message";
import { formatTimestampDate } from "../../../lib/format";
import { rollsOf, type TransactionFormValues } from "./form-model";
import {
  readStoredDraft,
  removeStoredDraft,
  type StoredDraft,
  storedDraftKey,
  writeStoredDraft,
} from "./stored-draft";

/**
 * Keeps the form's draft in the browser as it is typed (stored-draft.ts) and offers a stored one back
 * when the form opens: "Restore draft" fills the form with it, "Discard" forgets it. While the offer
 * waits, nothing is written (the draft on offer is not overwritten by the empty form).
 *
 * @param userId The signed-in user: drafts are per user. Undefined: no drafts.
 * @param offerStored False when the form opens with a transaction started on another screen (that
 *   fills the form, and becomes the draft from then on).
 */
export function useStoredDraft(
  kind: TransactionKind,
  form: UseFormReturn<TransactionFormValues>,
  userId: number | undefined,
  offerStored: boolean,
) {
  const key = userId === undefined ? null : storedDraftKey(userId, kind);
  // undefined: not read yet; null: nothing on offer (writing). Read as the form first renders when
  // the user is known (the usual case): read in an effect, it rendered the whole form twice as it
  // opened, a long task on a phone.
  const [offer, setOffer] = useState<StoredDraft | null | undefined>(() => offerOf(key, offerStored));
  const offerRef = useRef(offer);
  offerRef.current = offer;
  const readFor = useRef(key === null ? null : `${key} ${offerStored}`);
  const saved = useRef(false);

  useEffect(() => {
    if (key === null || readFor.current === `${key} ${offerStored}`) return;
    readFor.current = `${key} ${offerStored}`;
    setOffer(offerOf(key, offerStored));
  }, [key, offerStored]);

  useEffect(() => {
    if (key === null) return;
    const subscription = form.watch((values) => {
      if (saved.current || offerRef.current !== null) return;
      writeStoredDraft(key, values as TransactionFormValues);
    });
    return () => subscription.unsubscribe();
  }, [form, key]);

  const restore = () => {
    if (!offer) return;
    // Dirty against the empty form, so that leaving asks first as for a form typed by hand.
    form.reset(offer.values, { keepDefaultValues: true });
    setOffer(null);
  };
  const discard = () => {
    if (key !== null) removeStoredDraft(key);
    setOffer(null);
  };
  /** Saved: the draft is done with (and later changes, such as leaving, are not kept). */
  const forget = () => {
    saved.current = true;
    if (key !== null) removeStoredDraft(key);
  };

  const prompt = offer ? <DraftPrompt draft={offer} onRestore={restore} onDiscard={discard} /> : null;
  return { prompt, forget };
}

/** The draft on offer under `key`: none when not offered, not known yet without a key. */
function offerOf(key: string | null, offerStored: boolean): StoredDraft | null | undefined {
  if (key === null) return undefined;
  return offerStored ? readStoredDraft(key) : null;
}

/** "2 items, 7 rolls", "1 item", "a note". */
function draftSummary(values: TransactionFormValues): string {
  const items = values.items.length;
  if (items === 0) return t("transactions.draft.notesOnly");
  const rolls = values.items.reduce((sum, row) => sum + rollsOf(row).length, 0);
  const itemsText = t("transactions.draft.items", { count: items });
  return rolls > 0 ? t("transactions.draft.itemsAndRolls", { items: itemsText, count: rolls }) : itemsText;
}

function DraftPrompt({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: StoredDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, language } = useT();
  const time = new Date(draft.savedAt);
  const at = Number.isNaN(time.getTime())
    ? ""
    : t("transactions.draft.from", {
        date: formatTimestampDate(draft.savedAt),
        time: time.toLocaleTimeString(language === "en" ? [] : intlLocale(language), {
          hour: "2-digit",
          minute: "2-digit",
        }),
      });
  return (
    <section
      aria-label={t("transactions.draft.label")}
      className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <FileClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-medium">{t("transactions.draft.title")}</span>
          {t("transactions.draft.tail", { at, summary: draftSummary(draft.values) })}
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          {t("transactions.draft.restore")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          {t("transactions.leave.discard")}
        </Button>
      </div>
    </section>
  );
}
