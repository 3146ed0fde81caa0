import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { t } from "../i18n";

interface State {
  error: Error | null;
}

/**
 * A screen that throws while rendering (or whose code cannot be loaded after a deployment) shows a
 * notice with a reload button instead of a blank page; the sidebar stays usable.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Screen failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card className="mx-auto mt-10 max-w-md py-10">
        <CardContent className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-lg font-semibold">{t("layout.crashed.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("layout.crashed.description")}</p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t("layout.crashed.reload")}
          </Button>
        </CardContent>
      </Card>
    );
  }
}
