import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { REVERSAL_MESSAGES } from "../../../../domain/reversal";
import type { TransactionDetail } from "../../../../domain/transaction-views";
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
import { toast, toastError } from "../../../components/ui/use-toast";
import { useCurrentUser } from "../../auth/current-user";
import { useReverseTransaction } from "../api/reverse-transaction";

/** Who may reverse (CONTRACT.md section 10): an admin, or the clerk who posted it; never twice, never a reversal. */
export function canReverse(
  header: TransactionDetail["header"],
  user: { username: string; role: string },
): boolean {
  if (header.reversedById !== null || header.reversesId !== null) return false;
  return user.role === "admin" || (user.role === "clerk" && user.username === header.createdBy);
}

/** The detail's Reverse action: asks why, posts the reversal, opens it. */
export function ReverseButton({ header }: { header: TransactionDetail["header"] }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const reverse = useReverseTransaction();
  const [, navigate] = useLocation();
  if (!canReverse(header, user)) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(REVERSAL_MESSAGES.reason);
      return;
    }
    reverse.mutate(
      { id: header.id, reason: reason.trim() },
      {
        onSuccess: (reversal) => {
          toast({
            title: "Transaction reversed",
            description: `${reversal.header.transactionNumber} reverses ${header.transactionNumber}.`,
          });
          setOpen(false);
          navigate(`/transactions/${reversal.header.id}`);
        },
        onError: (error) => toastError(error, "Failed to reverse the transaction."),
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2Icon aria-hidden="true" />
        Reverse
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Reverse {header.transactionNumber}</DialogTitle>
            <DialogDescription>
              A new {header.transactionType} transaction will undo every line of this one, on the same rolls.
              This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <div className="grid gap-2">
              <Label htmlFor="reverse-reason">Reason</Label>
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
                placeholder="e.g. Keyed twice; the delivery was posted on RCV-2026-00011"
              />
              {problem ? (
                <p id="reverse-reason-problem" className="text-sm text-destructive">
                  {problem}
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={reverse.isPending}>
                {reverse.isPending ? "Reversing…" : "Reverse"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
