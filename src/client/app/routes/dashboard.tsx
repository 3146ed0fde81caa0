import { PageHeader } from "../../components/page-header";

export default function DashboardRoute() {
  return <PageHeader title="Dashboard" />;
}
