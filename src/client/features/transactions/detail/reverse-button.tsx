import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { Button } from "../../../components/ui/button";
import { DatePicker } from "../../../components/ui/date-picker";
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
import { toast, toastError } from "../../../components/ui/use-toast";
import { t, useT } from "../../../i18n";
import { formatDate, toIsoDate } from "../../../lib/format";
import { useCurrentUser } from "../../auth/current-user";
import { useReverseTransaction } from "../api/reverse-transaction";
import { typeLabel } from "../list/type-label";

/** Who may reverse (CONTRACT.md section 10): an admin, or the clerk who posted it; never twice, never a reversal. */
export function canReverse(
  header: TransactionDetail["header"],
  user: { username: string; role: string },
): boolean {
  // A cost correction is corrected by another correction, not reversed (the server refuses it).
  if (header.reversedById !== null || header.reversesId !== null || header.corrects) return false;
  return user.role === "admin" || (user.role === "clerk" && user.username === header.createdBy);
}

/** The reversal's date cannot come before the original's (CONTRACT.md section 12); the server refuses it too. */
export function reversalDateProblem(date: string, originalDate: string): string | null {
  if (!date) return t("transactionList.reverse.chooseDate");
  return date < originalDate
    ? t("transactionList.reverse.dateTooEarly", { date: formatDate(originalDate) })
    : null;
}

/** Days after tomorrow cannot be chosen (the server refuses them, as on every form). */
function afterTomorrow(day: Date): boolean {
  const now = new Date();
  return day > new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 23, 59);
}

/** The detail's Reverse action: asks why and when, posts the reversal, opens it. */
export function ReverseButton({ header }: { header: TransactionDetail["header"] }) {
  const { t } = useT();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [date, setDate] = useState(() => toIsoDate(new Date()));
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const reverse = useReverseTransaction();
  const [, navigate] = useLocation();
  if (!canReverse(header, user)) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const reasonProblem = reason.trim() ? null : t("transactionList.reverse.reasonRequired");
    const whenProblem = reversalDateProblem(date, header.transactionDate);
    setProblem(reasonProblem);
    setDateProblem(whenProblem);
    if (reasonProblem || whenProblem) return;
    reverse.mutate(
      { id: header.id, reason: reason.trim(), transactionDate: date },
      {
        onSuccess: (reversal) => {
          toast({
            title: t("transactionList.reverse.done"),
            description: t("transactionList.reverse.doneText", {
              reversal: reversal.header.transactionNumber,
              original: header.transactionNumber,
            }),
          });
          setOpen(false);
          navigate(`/transactions/${reversal.header.id}`);
        },
        onError: (error) => toastError(error, t("transactionList.reverse.failed")),
      },
    );
  };

  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          // Today each time the dialog opens: a tab left open overnight would otherwise offer yesterday.
          setDate(toIsoDate(new Date()));
          setDateProblem(null);
          setOpen(true);
        }}
      >
        <Undo2Icon aria-hidden="true" />
        {t("transactionList.reverse.button")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>
              {t("transactionList.reverse.title", { number: header.transactionNumber })}
            </DialogTitle>
            <DialogDescription>
              {t("transactionList.reverse.description", { type: typeLabel(header.transactionType) })}
            </DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <div className="grid gap-2">
              <Label htmlFor="reverse-date">{t("transactionList.reverse.date")}</Label>
              <DatePicker
                id="reverse-date"
                value={date}
                onChange={(value) => {
                  setDate(value ?? "");
                  setDateProblem(null);
                }}
                isDisabledDay={(day) => toIsoDate(day) < header.transactionDate || afterTomorrow(day)}
                aria-invalid={dateProblem !== null || undefined}
                aria-describedby={dateProblem ? "reverse-date-problem" : "reverse-date-hint"}
                required
              />
              {dateProblem ? (
                <p id="reverse-date-problem" className="text-sm text-destructive">
                  {dateProblem}
                </p>
              ) : (
                <p id="reverse-date-hint" className="text-sm text-muted-foreground">
                  {t("transactionList.reverse.dateHint", {
                    date: formatDate(header.transactionDate),
                    number: header.transactionNumber,
                  })}
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reverse-reason">{t("transactionList.reverse.reason")}</Label>
              <Textarea
                id="reverse-reason"
                value={reason}
                maxLength={500}
                onChange={(e) => {
                  setReason(e.target.value);
                  setProblem(null);
                }}
                aria-invalid={problem !== null || undefined}
                aria-describedby={problem ? "reverse-reason-problem" : undefined}
                placeholder={t("transactionList.reverse.reasonPlaceholder")}
              />
              {problem ? (
                <p id="reverse-reason-problem" className="text-sm text-destructive">
                  {problem}
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={reverse.isPending}>
                {reverse.isPending
                  ? t("transactionList.reverse.reversing")
                  : t("transactionList.reverse.button")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
