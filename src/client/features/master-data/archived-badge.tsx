import { Badge } from "../../components/ui/badge";
import { t } from "../../i18n";

/** After an archived warehouse's, supplier's or material's name on its setup screen (issue 13). */
export function ArchivedBadge() {
  return (
    <Badge variant="muted" className="ml-2 align-middle">
      {t("masterData.archived")}
    </Badge>
  );
}

/** A name cell: the name, then the badge when the row is archived. */
export function NameWithArchived({ name, archived }: { name: string; archived: boolean }) {
  return (
    <>
      {name}
      {archived && <ArchivedBadge />}
    </>
  );
}
