import type * as React from "react";
import { Fragment, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "wouter";
import { useT } from "../../i18n";
import { MobileTopBar } from "./mobile-drawer";
import { SidebarContent } from "./sidebar";

/** Tailwind's `lg` breakpoint (64rem), where the fixed sidebar shows. */
const DESK_QUERY = "(min-width: 64rem)";

function subscribeDesk(onChange: () => void): () => void {
  const query = window.matchMedia(DESK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isDeskNow = () => window.matchMedia(DESK_QUERY).matches;

/** Signed-in layout: fixed sidebar on large screens (lg, >= 1024 px), top bar and drawer below. */
export function AppShell({ children }: { children: React.ReactNode }) {
  const [location] = useLocation();
  const { t, language, lengthUnit } = useT();
  // Below lg the sidebar is hidden (the drawer shows the same): not rendered there at all, a phone
  // builds and lays out some 150 elements fewer before its first screen. Follows resizes.
  const desk = useSyncExternalStore(subscribeDesk, isDeskNow, () => true);
  useEffect(() => {
    // A new screen starts at its top. (`location` is the trigger, not read.)
    void location;
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="min-h-dvh bg-page">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("layout.skipToContent")}
      </a>
      {desk && (
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-sidebar-border lg:block">
          <SidebarContent />
        </aside>
      )}
      <MobileTopBar />
      <main id="main" tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {/* A switch of language or unit renders the screen anew: every figure and word it shows
              follows, also those formatted outside a useT() component. (Unsaved form input is lost;
              the switch is made from the account menu, not in the middle of a form.) */}
          <Fragment key={`${language}-${lengthUnit}`}>{children}</Fragment>
        </div>
      </main>
    </div>
  );
}
