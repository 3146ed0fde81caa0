import { KeyRoundIcon, LogOutIcon } from "lucide-react";
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
import { ACCOUNT_BUTTON_CLASS, AccountButtonContent } from "./account-button";

// Loaded on first use: it brings the form libraries, which the first screen does not need.
const ChangePasswordDialog = lazy(() => import("../../features/auth/components/change-password-dialog"));

/**
 * The signed-in user's menu, with Change password and Sign out (user-menu.tsx loads it when it is
 * first used, and opens it then: `defaultOpen`).
 */
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger className={ACCOUNT_BUTTON_CLASS}>
          <AccountButtonContent />
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
