import { PageHeader } from "../../components/page-header";

export default function SuppliersRoute() {
  return <PageHeader title="Supplier Management" />;
}
