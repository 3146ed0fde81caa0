import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { USER_DEFAULT_SORT, USER_SORTS } from "../../../../domain/list-sorts";
import type { User } from "../../../../domain/user";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast, toastError } from "../../../components/ui/use-toast";
import { t, useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { useRetained } from "../../../lib/use-retained";
import { useUrlSort } from "../../../lib/use-url-sort";
import { useCurrentUser } from "../../auth/current-user";
import { HistoryDialog, type HistoryTarget } from "../../history/components/history-dialog";
import { useSortedList } from "../../master-data/use-sorted-list";
import { usersQueryOptions } from "../api/list-users";
import { useUpdateUser } from "../api/update-user";
import { AddUserDialog } from "./add-user-dialog";
import { EditRoleDialog } from "./edit-role-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { type UserAction, UsersTable } from "./users-table";

/** /setup/users (administrators): who may sign in, with which role. */
export function UsersScreen() {
  useT();
  const me = useCurrentUser();
  const { sorting, query } = useUrlSort(USER_SORTS, USER_DEFAULT_SORT);
  const users = useSortedList<User>(usersQueryOptions(), "/api/users", query);
  const update = useUpdateUser();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [toggling, setToggling] = useState<User | null>(null);
  const shownToggle = useRetained(toggling);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);

  function onAction(action: UserAction, user: User) {
    if (action === "role") setEditing(user);
    else if (action === "password") setResetting(user);
    else if (action === "history") setHistoryOf({ id: user.id, name: user.username });
    else setToggling(user);
  }

  function toggleActive() {
    if (!toggling) return;
    const isActive = !toggling.isActive;
    update.mutate(
      { id: toggling.id, patch: { isActive } },
      {
        onSuccess: (user) => {
          toast({
            title: t("users.updated"),
            description: isActive
              ? t("users.reactivated", { name: user.username })
              : t("users.deactivated", { name: user.username }),
          });
          setToggling(null);
        },
        onError: (error) => toastError(error, t("users.updateFailed")),
      },
    );
  }

  const deactivating = shownToggle?.isActive ?? true;

  return (
    <>
      <PageHeader
        title={t("users.title")}
        description={t("users.description")}
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            {t("users.add")}
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t("users.listTitle")}</CardTitle>
          <CardDescription>{t("users.listDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="px-2 sm:px-5">
          {users.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
              <p className="text-destructive">{errorMessage(users.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
                {t("common.tryAgain")}
              </Button>
            </div>
          ) : (
            <UsersTable
              sorting={sorting}
              users={users.data}
              loading={users.isPending}
              currentUserId={me.id}
              onAction={onAction}
            />
          )}
        </CardContent>
      </Card>
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <EditRoleDialog user={editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <HistoryDialog entity="user" target={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={deactivating ? t("users.deactivateTitle") : t("users.reactivateTitle")}
        description={
          deactivating
            ? t("users.deactivateExplain", { name: shownToggle?.username ?? "" })
            : t("users.reactivateExplain", { name: shownToggle?.username ?? "" })
        }
        confirmLabel={deactivating ? t("users.deactivate") : t("users.reactivate")}
        destructive={deactivating}
        pending={update.isPending}
        pendingLabel={t("common.saving")}
        onConfirm={toggleActive}
      />
    </>
  );
}
