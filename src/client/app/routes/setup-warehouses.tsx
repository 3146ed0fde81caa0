import { PageHeader } from "../../components/page-header";

export default function WarehousesRoute() {
  return <PageHeader title="Warehouse Management" />;
}
