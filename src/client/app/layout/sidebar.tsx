import { Layers3Icon } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useCurrentUser } from "../../features/auth/current-user";
import { useT } from "../../i18n";
import { cn } from "../../lib/cn";
import { activeNavPath, navSectionsFor } from "../nav";
import { FallbackNavIcon, NAV_ICONS } from "./nav-icons";
import { UserMenu } from "./user-menu";

export function Brand() {
  return (
    <span className="flex items-center gap-2.5 font-semibold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Layers3Icon className="size-4.5" aria-hidden="true" />
      </span>
      Fabric Inventory
    </span>
  );
}

/**
 * The sidebar's content: title, navigation and the signed-in user. Used by the fixed desktop
 * sidebar and by the phone drawer (`onNavigate` closes the drawer).
 */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const { t } = useT();
  const [location] = useLocation();
  const activePath = activeNavPath(location);
  const sections = navSectionsFor(user.role);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-4">
        <Link
          href="/"
          onClick={onNavigate}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Brand />
        </Link>
      </div>
      <nav aria-label={t("layout.nav.label")} className="flex-1 overflow-y-auto px-3 py-3">
        {sections.map((section, index) => (
          <div key={section.title ?? index} className={cn(index > 0 && "mt-4")}>
            {section.title && (
              <h2 className="px-2.5 pb-1 text-xs font-medium tracking-wide text-muted-foreground">
                {t(section.title)}
              </h2>
            )}
            <ul className="grid gap-0.5">
              {section.items.map((item) => {
                const active = item.path === activePath;
                const Icon = NAV_ICONS[item.path] ?? FallbackNavIcon;
                return (
                  <li key={item.path}>
                    <Link
                      href={item.path}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        active
                          ? "bg-sidebar-accent font-medium text-foreground"
                          : "text-muted-foreground hover:bg-sidebar-accent/70 hover:text-foreground",
                      )}
                    >
                      <Icon
                        className={cn("size-4 shrink-0", active && "text-foreground")}
                        aria-hidden="true"
                      />
                      {t(item.key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-3">
        <UserMenu />
      </div>
    </div>
  );
}
