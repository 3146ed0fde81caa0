import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadScreen } from "./app/router";
import { prefetchLikelyCatalog } from "./i18n/follow-locale";
import "./i18n/load-catalogs";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

const queryClient = createQueryClient();
// First the likely language: the first screen's words are then fetched in it, beside its code.
prefetchLikelyCatalog();
preloadScreen(window.location.pathname, queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
