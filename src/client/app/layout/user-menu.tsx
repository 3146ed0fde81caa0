import { lazy, Suspense, useState } from "react";
import { ACCOUNT_BUTTON_CLASS, AccountButtonContent } from "./account-button";

// The menu's code (Radix's menu, its positioning and focus handling: ~40 KB) is not part of the
// first load: it loads when the pointer comes over the button or the button gets focus, and the
// menu opens once it is there.
const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));
const preload = () => void loadAccountMenu().catch(() => {});

/** The signed-in user at the foot of the sidebar; its menu has Change password and Sign out. */
export function UserMenu() {
  const [used, setUsed] = useState(false);
  // Until the menu is wanted, a button that looks and is named the same stands in for its trigger.
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={ACCOUNT_BUTTON_CLASS}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
    >
      <AccountButtonContent />
    </button>
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu defaultOpen />
    </Suspense>
  );
}
