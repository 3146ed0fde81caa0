import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect } from "react";
import type { Me } from "../../domain/user";
import { Button } from "../components/ui/button";
import { meQueryOptions, useMe } from "../features/auth/api/get-me";
import { CurrentUserProvider } from "../features/auth/current-user";
import { rememberSignedIn } from "../features/auth/signed-in-hint";
import { useT } from "../i18n";
import { useFollowLocale } from "../i18n/follow-locale";
import { ApiError, errorMessage } from "../lib/api-client";
import { AppShell } from "./layout/app-shell";
import { Providers } from "./providers";
import { AppRoutes } from "./router";

// Forms (zod, react-hook-form) load only when a page needs them, so the first screen stays small.
const SignInPage = lazy(() => import("../features/auth/components/sign-in-page"));
const SetupPage = lazy(() => import("../features/auth/components/setup-page"));

/**
 * When any call answers 401 while someone is signed in (session expired or ended elsewhere), ask
 * the server who we are again. (Before the first answer, or signed out, a 401 says nothing new:
 * the screen's data asked for at start-up, router.tsx, answers 401 on the sign-in page.)
 */
function useReauthOn401() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signedIn = () => Boolean(queryClient.getQueryData<Me>(meQueryOptions().queryKey)?.user);
    const isUnauthorized = (error: unknown) =>
      error instanceof ApiError && error.status === 401 && signedIn();
    const recheck = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error))
        recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event?.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error))
        recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/** While the app asks who is signed in. index.html holds the same markup, shown before any script runs. */
function Splash() {
  const { t } = useT();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3" aria-busy="true">
      <p className="text-sm font-medium text-muted-foreground">Fabric Inventory</p>
      <span className="sr-only">{t("common.loading")}</span>
      <span
        className="size-6 animate-spin rounded-full border-2 border-muted border-t-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/** Who is signed in decides the page: first-run setup, sign-in, or the app. */
function AuthGate() {
  useReauthOn401();
  const { t } = useT();
  const me = useMe();
  const signedIn = me.data ? Boolean(me.data.user) : undefined;
  // Kept in step with the server's answer (a session that ended elsewhere), before the browser paints.
  useLayoutEffect(() => {
    if (signedIn !== undefined) rememberSignedIn(signedIn);
  }, [signedIn]);
  // The answer switches the splash (or the sign-in page) for the whole app, shell and first screen:
  // rendered as a deferred update, React does that work in slices between which the page stays
  // responsive, instead of in one long task (Lighthouse's Total Blocking Time). The data object is
  // stable between renders. Signing out, or a session ending, takes the app away at once: its
  // screens' queries were dropped (replaceSignedInUser) and must not ask again, answered 401.
  const deferred = useDeferredValue(me.data);
  const answer = me.data && !me.data.user ? me.data : deferred;
  // The user's language (or the browser's before sign-in); its catalog may have to be fetched first.
  const localeReady = useFollowLocale(answer?.user ?? null);
  if (me.isPending) return <Splash />;
  if (me.isError) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
        <h1 className="text-lg font-semibold">{t("layout.unreachable")}</h1>
        <p className="text-sm text-muted-foreground">{errorMessage(me.error)}</p>
        <Button variant="outline" onClick={() => void me.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </main>
    );
  }
  if (!answer || !localeReady) return <Splash />;
  if (answer.setupRequired || !answer.user) {
    return <Suspense fallback={<Splash />}>{answer.setupRequired ? <SetupPage /> : <SignInPage />}</Suspense>;
  }
  return (
    <CurrentUserProvider user={answer.user}>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </CurrentUserProvider>
  );
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers client={queryClient}>
      <AuthGate />
    </Providers>
  );
}
