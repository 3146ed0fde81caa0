import { CoinsIcon } from "lucide-react";
import { Link } from "wouter";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { Button } from "../../components/ui/button";
import { useT } from "../../i18n";
import { useCan } from "../auth/current-user";

/**
 * A receipt's Costs action (CONTRACT.md section 16): administrators only (money), and only on a
 * receipt that holds its stock (not a reversal, not reversed, not itself a cost correction).
 */
export function CostsButton({ header }: { header: TransactionDetail["header"] }) {
  const { t } = useT();
  const admin = useCan("admin");
  const receipt =
    header.transactionType === "Receive" &&
    header.reversesId === null &&
    header.reversedById === null &&
    header.corrects === undefined;
  if (!admin || !receipt) return null;
  return (
    <Button variant="outline" asChild>
      <Link href={`/transactions/${header.id}/costs`}>
        <CoinsIcon aria-hidden="true" />
        {t("costs.action")}
      </Link>
    </Button>
  );
}
