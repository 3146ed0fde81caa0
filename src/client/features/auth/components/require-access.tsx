import { LockIcon } from "lucide-react";
import type * as React from "react";
import type { Access } from "../../../../domain/roles";
import { Card, CardContent } from "../../../components/ui/card";
import { useT } from "../../../i18n";
import { useCan } from "../current-user";

/**
 * Renders `children` only for roles that `access` allows, otherwise a polite notice. The server
 * refuses the calls anyway; this keeps screens from showing forms that would fail.
 */
export function RequireAccess({ access, children }: { access: Access; children: React.ReactNode }) {
  const allowed = useCan(access);
  const { t } = useT();
  if (allowed) return children;
  return (
    <Card className="mx-auto mt-10 max-w-md items-center px-6 py-10 text-center">
      <CardContent className="flex flex-col items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <LockIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <h1 className="text-lg font-semibold">{t("auth.noAccess.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("auth.noAccess.description")}</p>
      </CardContent>
    </Card>
  );
}
