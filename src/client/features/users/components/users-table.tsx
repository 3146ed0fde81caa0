import { EllipsisIcon, HistoryIcon, KeyRoundIcon, PencilIcon, UserCheckIcon, UserXIcon } from "lucide-react";
import type { User } from "../../../../domain/user";
import { EmptyTableRow } from "../../../components/empty-table-row";
import { SortableTableHead } from "../../../components/sortable-table-head";
import { TableSkeletonRows } from "../../../components/table-skeleton-rows";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { useT } from "../../../i18n";
import { formatTimestampDate } from "../../../lib/format";
import type { Sorting } from "../../../lib/use-url-sort";
import { roleLabel } from "../role-labels";

export type UserAction = "role" | "password" | "active" | "history";

interface UsersTableProps {
  users: User[] | undefined;
  loading: boolean;
  currentUserId: number;
  onAction: (action: UserAction, user: User) => void;
  /** Sortable headers (USER_SORTS). */
  sorting?: Sorting<string>;
}

const COLUMNS = 5;

export function UsersTable({ users, loading, currentUserId, onAction, sorting }: UsersTableProps) {
  const { t } = useT();
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableTableHead field="username" sorting={sorting}>
            {t("users.username")}
          </SortableTableHead>
          <SortableTableHead field="role" sorting={sorting}>
            {t("users.roleHeader")}
          </SortableTableHead>
          <SortableTableHead field="isActive" sorting={sorting}>
            {t("users.status")}
          </SortableTableHead>
          <SortableTableHead field="createdAt" sorting={sorting} className="hidden sm:table-cell">
            {t("users.created")}
          </SortableTableHead>
          <TableHead className="text-right">
            <span className="sr-only sm:not-sr-only">{t("users.actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableSkeletonRows rows={3} columns={COLUMNS} />}
        {!loading && users?.length === 0 && (
          <EmptyTableRow colSpan={COLUMNS}>{t("users.empty")}</EmptyTableRow>
        )}
        {users?.map((user) => {
          const isMe = user.id === currentUserId;
          return (
            <TableRow key={user.id}>
              <TableCell className="font-medium">
                {/* On phones the "You" badge goes under the name, so that the row fits without scrolling. */}
                <span className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
                  {user.username}
                  {isMe && <Badge variant="muted">{t("users.you")}</Badge>}
                </span>
              </TableCell>
              <TableCell>{roleLabel(user.role)}</TableCell>
              <TableCell>
                <Badge variant={user.isActive ? "success" : "muted"}>
                  {user.isActive ? t("users.active") : t("users.inactive")}
                </Badge>
              </TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">
                {formatTimestampDate(user.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={t("users.actionsFor", { name: user.username })}
                    >
                      <EllipsisIcon aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    {/* Your own role and status are changed by another administrator, never by yourself. */}
                    <DropdownMenuItem disabled={isMe} onSelect={() => onAction("role", user)}>
                      <PencilIcon aria-hidden="true" />
                      {t("users.changeRole")}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => onAction("password", user)}>
                      <KeyRoundIcon aria-hidden="true" />
                      {t("users.resetPassword")}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => onAction("history", user)}>
                      <HistoryIcon aria-hidden="true" />
                      {t("users.history")}
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    {user.isActive ? (
                      <DropdownMenuItem
                        variant="destructive"
                        disabled={isMe}
                        onSelect={() => onAction("active", user)}
                      >
                        <UserXIcon aria-hidden="true" />
                        {t("users.deactivate")}
                      </DropdownMenuItem>
                    ) : (
                      <DropdownMenuItem onSelect={() => onAction("active", user)}>
                        <UserCheckIcon aria-hidden="true" />
                        {t("users.reactivate")}
                      </DropdownMenuItem>
                    )}
                  </DropdownMenuContent>
                </DropdownMenu>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
