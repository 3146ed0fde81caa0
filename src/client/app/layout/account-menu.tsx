import { KeyRoundIcon, LogOutIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Language, LengthUnit } from "../../../domain/length-units";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { toast } from "../../components/ui/use-toast";
import { useSignOut } from "../../features/auth/api/sign-out";
import { useUpdateMe } from "../../features/auth/api/update-me";
import { useCurrentUser } from "../../features/auth/current-user";
import { getLocale, setLocale, useT } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { ACCOUNT_BUTTON_CLASS, AccountButtonContent } from "./account-button";

// Loaded on first use: it brings the form libraries, which the first screen does not need.
const ChangePasswordDialog = lazy(() => import("../../features/auth/components/change-password-dialog"));

// A choice keeps the menu open: a clerk often sets both language and unit.
const keepOpen = (event: Event) => event.preventDefault();

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", id: "Bahasa Indonesia" };

/**
 * The language and unit switch: applied at once (the Indonesian catalog fetched first if needed),
 * then kept on the user (`PATCH /api/auth/me`, every device). A failed save puts the old ones back.
 */
function useSwitchLocale() {
  const updateMe = useUpdateMe();
  return (change: { language?: Language; lengthUnit?: LengthUnit }) => {
    const before = getLocale();
    void setLocale({ ...before, ...change })
      .then(() => updateMe.mutateAsync(change))
      .catch((error: unknown) => {
        void setLocale(before);
        toast({ variant: "destructive", title: errorMessage(error) });
      });
  };
}

/**
 * The signed-in user's menu: language, length unit, Change password and Sign out (user-menu.tsx
 * loads it when it is first used, and opens it then: `defaultOpen`).
 */
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const user = useCurrentUser();
  const { t, language, lengthUnit } = useT();
  const signOut = useSignOut();
  const switchLocale = useSwitchLocale();
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
            <span className="block text-xs text-muted-foreground">{t(`users.role.${user.role}`)}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
            {t("layout.account.language")}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={language}
            onValueChange={(value) => switchLocale({ language: value as Language })}
          >
            {(["en", "id"] as const).map((value) => (
              // Each language is named in itself, so a clerk finds theirs whatever is showing.
              <DropdownMenuRadioItem key={value} value={value} lang={value} onSelect={keepOpen}>
                {LANGUAGE_NAMES[value]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
            {t("layout.account.lengthUnit")}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={lengthUnit}
            onValueChange={(value) => switchLocale({ lengthUnit: value as LengthUnit })}
          >
            <DropdownMenuRadioItem value="yd" onSelect={keepOpen}>
              {t("layout.account.yards")}
            </DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="m" onSelect={keepOpen}>
              {t("layout.account.metres")}
            </DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setPasswordUsed(true);
              setPasswordOpen(true);
            }}
          >
            <KeyRoundIcon aria-hidden="true" />
            {t("layout.account.changePassword")}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOutIcon aria-hidden="true" />
            {t("layout.account.signOut")}
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
