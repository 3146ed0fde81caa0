import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useT } from "../../../i18n";

type Leaving = { by: "link"; href: string } | { by: "back" };

const here = () => `${location.pathname}${location.search}`;

/**
 * While `active` (a half-filled form), leaving asks first: a link inside the app or the browser's
 * Back opens "Discard this transaction?", closing or reloading the tab gets the browser's own
 * question (beforeunload). Returns the dialog to render, and `leave(to)` for the form's own moves
 * (after saving), which are not asked about.
 *
 * Back cannot be stopped: popstate comes after the fact, and the router hears of it before this
 * form could. So a half-filled form adds one history entry at its own address (the guard): Back
 * first lands on the form's own entry, the router sees the same path and keeps the form, and the
 * form asks; Discard then goes back for real, "Keep editing" puts the guard back.
 */
/** @param onDiscard Called when the clerk chose to discard the form (its stored draft goes too). */
export function useLeaveGuard(active: boolean, onDiscard?: () => void) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [token] = useState(() => crypto.randomUUID());
  const formUrl = useRef(here());
  // The guard entry is in the history, after the form's own entry.
  const armed = useRef(false);
  // Set once the clerk chose to discard (or the form saved): the navigation then goes through.
  const discarding = useRef(false);
  const activeNow = useRef(active);
  activeNow.current = active;

  const onGuard = () => (history.state as { formGuard?: string } | null)?.formGuard === token;
  function arm() {
    if (onGuard()) return;
    history.pushState({ formGuard: token }, "", formUrl.current);
    armed.current = true;
  }

  // Back from the guard: ask (or, with nothing to lose any more, go on back). Registered once, so
  // that it is never swapped while an event is being dispatched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads refs and the form's fixed token only
  useEffect(() => {
    function onPopState() {
      if (discarding.current || !armed.current || onGuard()) return;
      armed.current = false;
      // Gone further than the form's own entry: the router has already moved on.
      if (here() !== formUrl.current) return;
      if (activeNow.current) {
        setLeaving({ by: "back" });
      } else {
        discarding.current = true;
        history.back();
      }
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: arm reads refs and the form's fixed token only
  useEffect(() => {
    if (!active) return;
    arm();

    // Capture phase, before React: marking the click handled stops wouter's <Link> (it navigates
    // only when no handler prevented the default) and a plain link, while the link's own handlers
    // (the phone drawer closing) still run.
    function onClick(event: MouseEvent) {
      if (discarding.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || `${url.pathname}${url.search}` === formUrl.current) return;
      event.preventDefault();
      setLeaving({ by: "link", href: `${url.pathname}${url.search}${url.hash}` });
    }

    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (discarding.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    }

    window.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [active]);

  /** Goes to `to` without asking; the guard entry, when there is one, is replaced. */
  function leave(to: string) {
    discarding.current = true;
    navigate(to, { replace: onGuard() });
  }

  function discard() {
    onDiscard?.();
    const target = leaving;
    setLeaving(null);
    if (target?.by === "link") return leave(target.href);
    discarding.current = true;
    history.back();
  }

  const dialog = (
    <ConfirmDialog
      open={leaving !== null}
      onOpenChange={(open) => {
        if (open) return;
        // Kept after Back: the guard goes back in place for the next Back.
        if (leaving?.by === "back") arm();
        setLeaving(null);
      }}
      title={t("transactions.leave.title")}
      description={t("transactions.leave.description")}
      cancelLabel={t("transactions.leave.keepEditing")}
      confirmLabel={t("transactions.leave.discard")}
      destructive
      onConfirm={discard}
    />
  );
  return { dialog, leave };
}
