import { PageHeader } from "../../components/page-header";

export default function MaterialsRoute() {
  return <PageHeader title="Material Management" />;
}
