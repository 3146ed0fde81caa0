import { DownloadIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { buildUrl, type RequestOptions } from "../../../lib/api-client";

/**
 * "Export CSV": a plain link to the API's `format=csv` answer with the filters on screen (every
 * matching row, not just the page shown). The session cookie goes along; the server names the file.
 */
export function ExportCsvButton({ path, query }: { path: string; query: RequestOptions["query"] }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={buildUrl(path, { ...query, format: "csv" })} download>
        <DownloadIcon aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
