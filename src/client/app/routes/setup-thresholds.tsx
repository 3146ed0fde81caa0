import { PageHeader } from "../../components/page-header";

export default function ThresholdsRoute() {
  return <PageHeader title="Stock Threshold Management" />;
}
