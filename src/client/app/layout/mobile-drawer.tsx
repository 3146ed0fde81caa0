import { MenuIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { useT } from "../../i18n";
import { Brand } from "./sidebar";

// The drawer's code (Radix's dialog: focus trap, scroll lock, ~35 KB) is not part of the first
// load: it loads when the pointer comes over the menu button or the button gets focus.
const loadDrawer = () => import("./mobile-drawer-dialog");
const MobileDrawerDialog = lazy(() => loadDrawer().then((m) => ({ default: m.MobileDrawerDialog })));
const preload = () => void loadDrawer().catch(() => {});

/** Phones and tablets: a top bar whose menu button slides the sidebar in from the left (300 ms). */
export function MobileTopBar() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur lg:hidden">
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label={t("layout.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5" aria-hidden="true" />
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileDrawerDialog open={open} onOpenChange={setOpen} returnFocusTo={menuButton} />
        </Suspense>
      )}
      <Link href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Brand />
      </Link>
    </header>
  );
}
