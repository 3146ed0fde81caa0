import { Layers3Icon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { useT } from "../../../i18n";

/** The centred card of the sign-in and first-run pages. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-page px-4 py-10">
      <title>{`${title} · Fabric Inventory`}</title>
      <div className="flex items-center gap-2.5 text-lg font-semibold tracking-tight">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Layers3Icon className="size-5" aria-hidden="true" />
        </span>
        Fabric Inventory
      </div>
      <Card className="w-full max-w-sm gap-6 py-6">
        <CardHeader className="px-6">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="px-6">{children}</CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">{t("auth.tagline")}</p>
    </main>
  );
}

/** A server message above the form (e.g. "Invalid username or password."). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </div>
  );
}
