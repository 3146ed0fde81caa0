import { ImportScreen } from "../../features/imports/import-screen";

export default function ImportRoute() {
  return <ImportScreen />;
}
