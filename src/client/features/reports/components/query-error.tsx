import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";

/** A failed load: the server's sentence and Try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useT();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
      <p className="text-destructive">{errorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={() => void onRetry()}>
        {t("common.tryAgain")}
      </Button>
    </div>
  );
}
