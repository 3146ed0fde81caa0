// Made by the build (scripts/lib/i18n-catalogs.ts): all of messages/<lang>/*.json, merged and compiled.
declare module "virtual:i18n/en" {
  const catalog: import("./message").Catalog;
  export default catalog;
}
declare module "virtual:i18n/id" {
  const catalog: import("./message").Catalog;
  export default catalog;
}
