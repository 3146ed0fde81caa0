import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { USER_DEFAULT_SORT, USER_SORTS } from "../../../../domain/list-sorts";
import type { User } from "../../../../domain/user";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast, toastError } from "../../../components/ui/use-toast";
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
            title: "User updated",
            description: `${user.username} has been ${isActive ? "reactivated" : "deactivated"}.`,
          });
          setToggling(null);
        },
        onError: (error) => toastError(error, "Failed to update user."),
      },
    );
  }

  const deactivating = shownToggle?.isActive ?? true;

  return (
    <>
      <PageHeader
        title="User Management"
        description="Who can sign in, and what each person may do."
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add User
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Users</CardTitle>
          <CardDescription>
            Administrators manage setup and users, clerks record transactions, viewers only look.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-2 sm:px-5">
          {users.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
              <p className="text-destructive">{errorMessage(users.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
                Try again
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
        title={deactivating ? "Deactivate user?" : "Reactivate user?"}
        description={
          deactivating
            ? `${shownToggle?.username} will be signed out and can no longer sign in. You can reactivate the account later.`
            : `${shownToggle?.username} will be able to sign in again.`
        }
        confirmLabel={deactivating ? "Deactivate" : "Reactivate"}
        destructive={deactivating}
        pending={update.isPending}
        pendingLabel="Saving..."
        onConfirm={toggleActive}
      />
    </>
  );
}
