import { ChevronDownIcon, PlusIcon } from "lucide-react";
import { Link } from "wouter";
import { KIND_INFO, TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";

/** "New Transaction": a menu of the six entry forms. */
export function NewTransactionMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          New Transaction
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {TRANSACTION_KINDS.map((kind) => (
          <DropdownMenuItem key={kind} asChild>
            <Link href={`/transactions/${kind}`}>{KIND_INFO[kind].label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
