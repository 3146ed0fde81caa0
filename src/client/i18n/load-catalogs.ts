import en from "virtual:i18n/en/shell";
import { loaders, routeParts } from "virtual:i18n/parts";
import { provideCatalog, registerLoaders } from "./store";

// The shell's English is in the main bundle; each screen's English comes with its code (the build
// adds it to the route module), and every other part is fetched when needed (store.ts,
// router.tsx, api-client.ts). The build makes the parts (scripts/lib/i18n-catalogs.ts).
provideCatalog("en", en, "shell");
registerLoaders(loaders, routeParts);
