import { FileQuestionIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { useT } from "../../i18n";

export default function NotFoundRoute() {
  const { t } = useT();
  return (
    <Card className="mx-auto mt-10 max-w-md py-10">
      <title>{`${t("layout.notFound.title")} · Fabric Inventory`}</title>
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <FileQuestionIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{t("layout.notFound.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("layout.notFound.description")}</p>
        <Button asChild variant="outline" className="mt-2">
          <Link href="/">{t("layout.notFound.home")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
