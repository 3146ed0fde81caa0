// Made by the build (scripts/lib/i18n-catalogs.ts): the parts of messages/<lang>/*.json, compiled.
declare module "virtual:i18n/en/shell" {
  const catalog: import("./message").Catalog;
  export default catalog;
}
declare module "virtual:i18n/parts" {
  type Loader = () => Promise<import("./message").Catalog>;
  /** The parts a route module's screen needs beside its code: `route/<name>`, and `errors` for forms. */
  export const routeParts: Record<string, string[]>;
  export const loaders: Record<import("../../domain/length-units").Language, Record<string, Loader>>;
}
