import { useState } from "react";
import type { HistoryEntity, HistoryEntry } from "../../../../domain/history";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { T, useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { formatTimestampDate } from "../../../lib/format";
import { useRetained } from "../../../lib/use-retained";
import { HISTORY_PAGE_SIZE, useHistory } from "../api/list-history";
import { changeLines, changeTitle } from "../change-lines";

/** On phones the dialog is a sheet along the bottom edge, full width, scrolling inside. */
const SHEET_ON_PHONES =
  "sm:max-w-lg max-sm:top-auto max-sm:bottom-0 max-sm:left-0 max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-b-none max-sm:max-h-[85dvh]";

/** "Nov 24, 2026 14:05" ("24 Nov 2026 14:05") in local time. */
function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
  return `${formatTimestampDate(iso)} ${time}`;
}

/** The API's largest page (list-query.ts MAX_LIMIT). */
const MAX_LIMIT = 1000;

export interface HistoryTarget {
  id: number;
  /** How the screen names the row: "Main Store". */
  name: string;
}

interface HistoryDialogProps {
  entity: HistoryEntity;
  /** The row whose history is shown; null closes the dialog. */
  target: HistoryTarget | null;
  onClose: () => void;
}

/** A setup row's History (issue 16 point 4): each change, newest first, with when, who and what. */
export function HistoryDialog({ entity, target, onClose }: HistoryDialogProps) {
  // Keeps showing the row it was opened for while it animates closed.
  const { t } = useT();
  const shown = useRetained(target);
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const history = useHistory(entity, shown?.id ?? null, target !== null, limit);
  const entries = history.data?.rows ?? [];
  const total = history.data?.total;
  const more = total !== undefined && entries.length < total && limit < MAX_LIMIT;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        setLimit(HISTORY_PAGE_SIZE);
        onClose();
      }}
    >
      <DialogContent className={SHEET_ON_PHONES}>
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug break-words">
            {t("history.heading", { name: shown?.name ?? "" })}
          </DialogTitle>
          <DialogDescription>
            {total === undefined ? t("history.who") : t("history.count", { count: total })}
          </DialogDescription>
        </DialogHeader>
        {history.isPending && shown !== null ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center text-sm">
            <p className="text-destructive">{errorMessage(history.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
              {t("common.tryAgain")}
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("history.empty")}</p>
        ) : (
          <ol className="flex min-w-0 flex-col divide-y" aria-label={t("history.changes")}>
            {entries.map((entry) => (
              <HistoryItem key={entry.id} entity={entity} entry={entry} />
            ))}
          </ol>
        )}
        {more && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-center"
            disabled={history.isPlaceholderData}
            onClick={() => setLimit((n) => Math.min(n + HISTORY_PAGE_SIZE, MAX_LIMIT))}
          >
            {history.isPlaceholderData ? t("history.loading") : t("history.older")}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}

function HistoryItem({ entity, entry }: { entity: HistoryEntity; entry: HistoryEntry }) {
  // Re-renders the lines in a switched language or unit.
  useT();
  const lines = changeLines(entity, entry);
  return (
    <li className="flex min-w-0 flex-col gap-1 py-3 text-sm first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-medium">{changeTitle(entity, entry)}</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          <T
            id="history.by"
            values={{ when: when(entry.changedAt), user: entry.username }}
            components={{ time: (c) => <time dateTime={entry.changedAt}>{c}</time> }}
          />
        </span>
      </div>
      {lines.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-muted-foreground">
          {lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
