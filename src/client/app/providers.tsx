import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { lazy, Suspense, useState } from "react";
import { useToast } from "../components/ui/use-toast";
import { createQueryClient } from "../lib/query-client";

// The toasts' code (Radix's toast) is not part of the first load: it loads with the first toast.
const Toaster = lazy(() => import("../components/ui/toaster").then((m) => ({ default: m.Toaster })));

function ToasterOnceNeeded() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** `client`: main.tsx's, which has already started the first screen's requests; a new one otherwise. */
export function Providers({ children, client }: { children: React.ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnceNeeded />
    </QueryClientProvider>
  );
}
