import en from "virtual:i18n/en";
import { provideCatalog } from "./store";

// English is in the main bundle; Indonesian is a chunk of its own, fetched only for a user who
// reads it (follow-locale.ts). The build compiles both (scripts/lib/i18n-catalogs.ts).
provideCatalog("en", en);
provideCatalog("id", () => import("virtual:i18n/id").then((m) => m.default));
