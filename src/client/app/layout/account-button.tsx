import { ChevronsUpDownIcon } from "lucide-react";
import type * as React from "react";
import { useCurrentUser } from "../../features/auth/current-user";
import { useT } from "../../i18n";

/** The account button's look: the menu's trigger, and the stand-in before the menu's code loads. */
export const ACCOUNT_BUTTON_CLASS =
  "flex w-full items-center gap-2.5 rounded-md p-1.5 text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent";

/** Initial, name and role. Named by what it shows (WCAG 2.5.3), with "Account:" in front for screen readers. */
export function AccountButtonContent(): React.ReactElement {
  const user = useCurrentUser();
  const { t } = useT();
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-medium text-primary-foreground uppercase"
      >
        {user.username.slice(0, 1)}
      </span>
      <span className="grid min-w-0 flex-1 leading-tight">
        <span className="sr-only">{t("layout.account.srPrefix")} </span>
        <span className="truncate text-sm font-medium">{user.username}</span>
        <span className="truncate text-xs text-muted-foreground">{t(`users.role.${user.role}`)}</span>
      </span>
      <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </>
  );
}
