import { PageHeader } from "../../components/page-header";

export default function InventoryRoute() {
  return <PageHeader title="Inventory Status" />;
}
