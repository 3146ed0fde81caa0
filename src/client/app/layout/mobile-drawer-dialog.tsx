import { Dialog as DialogPrimitive, VisuallyHidden } from "radix-ui";
import type * as React from "react";
import { useT } from "../../i18n";
import { SidebarContent } from "./sidebar";

/**
 * The phone drawer: the sidebar sliding in from the left (300 ms). Loaded when the menu button is
 * first used (mobile-drawer.tsx); focus goes back to that button when it closes.
 */
export function MobileDrawerDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useT();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=closed]:animate-[fade-out_300ms_ease-in] data-[state=open]:animate-[fade-in_300ms_ease-out]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r shadow-xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <VisuallyHidden.Root>
            <DialogPrimitive.Title>{t("layout.menu")}</DialogPrimitive.Title>
          </VisuallyHidden.Root>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
