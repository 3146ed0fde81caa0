import { ChevronsUpDownIcon, KeyRoundIcon, LogOutIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useSignOut } from "../../features/auth/api/sign-out";
import { useCurrentUser } from "../../features/auth/current-user";

import { ROLE_LABELS } from "../../features/users/role-labels";

// Loaded on first use: it brings the form libraries, which the first screen does not need.
const ChangePasswordDialog = lazy(() => import("../../features/auth/components/change-password-dialog"));

/** The signed-in user at the foot of the sidebar, with Change password and Sign out. */
export function UserMenu() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  return (
    <>
      <DropdownMenu>
        {/* Named by what it shows (WCAG 2.5.3), with "Account:" for screen readers in front. */}
        <DropdownMenuTrigger className="flex w-full items-center gap-2.5 rounded-md p-1.5 text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-medium text-primary-foreground uppercase"
          >
            {user.username.slice(0, 1)}
          </span>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="sr-only">Account: </span>
            <span className="truncate text-sm font-medium">{user.username}</span>
            <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side="top"
          align="start"
          className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
        >
          <DropdownMenuLabel className="font-normal">
            <span className="block text-sm font-medium">{user.username}</span>
            <span className="block text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setPasswordUsed(true);
              setPasswordOpen(true);
            }}
          >
            <KeyRoundIcon aria-hidden="true" />
            Change password
          </DropdownMenuItem>
          <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {passwordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      )}
    </>
  );
}
