import { FileQuestionIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";

export default function NotFoundRoute() {
  return (
    <Card className="mx-auto mt-10 max-w-md py-10">
      <title>404 Page Not Found · Fabric Inventory</title>
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <FileQuestionIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-2">
          <Link href="/">Go to the Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
