import { MenuIcon } from "lucide-react";
import { Dialog as DialogPrimitive, VisuallyHidden } from "radix-ui";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Brand, SidebarContent } from "./sidebar";

/** Phones and tablets: a top bar whose menu button slides the sidebar in from the left (300 ms). */
export function MobileTopBar() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur lg:hidden">
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <MenuIcon className="size-5" aria-hidden="true" />
          </Button>
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=closed]:animate-[fade-out_300ms_ease-in] data-[state=open]:animate-[fade-in_300ms_ease-out]" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r shadow-xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
          >
            <VisuallyHidden.Root>
              <DialogPrimitive.Title>Menu</DialogPrimitive.Title>
            </VisuallyHidden.Root>
            <SidebarContent onNavigate={() => setOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <Link href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Brand />
      </Link>
    </header>
  );
}
