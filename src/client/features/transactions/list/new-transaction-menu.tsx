import { ChevronDownIcon, PlusIcon } from "lucide-react";
import { Link } from "wouter";
import { TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { useT } from "../../../i18n";

/** "New Transaction": a menu of the six entry forms. */
export function NewTransactionMenu() {
  const { t } = useT();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          {t("transactionList.newTransaction")}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {TRANSACTION_KINDS.map((kind) => (
          <DropdownMenuItem key={kind} asChild>
            <Link href={`/transactions/${kind}`}>{t(`common.kind.${kind}.label`)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
