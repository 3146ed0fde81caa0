import { DownloadIcon, FileSpreadsheetIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../components/ui/button";
import { useT } from "../../../i18n";
import { buildUrl, type RequestOptions } from "../../../lib/api-client";

function ExportLink({
  href,
  icon: Icon,
  children,
}: {
  href: string;
  icon: React.ComponentType<{ "aria-hidden"?: boolean }>;
  children: React.ReactNode;
}) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} download>
        <Icon aria-hidden />
        {children}
      </a>
    </Button>
  );
}

/**
 * "Export CSV" and "Export XLSX": plain links to the API's `format=csv` and `format=xlsx` answers
 * with the filters on screen (every matching row, not just the page shown). The session cookie goes
 * along; the server names the file after the filters.
 */
export function ExportButtons({ path, query }: { path: string; query: RequestOptions["query"] }) {
  const { t } = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <ExportLink href={buildUrl(path, { ...query, format: "csv" })} icon={DownloadIcon}>
        {t("reports.export.csv")}
      </ExportLink>
      <ExportLink href={buildUrl(path, { ...query, format: "xlsx" })} icon={FileSpreadsheetIcon}>
        {t("reports.export.xlsx")}
      </ExportLink>
    </div>
  );
}
