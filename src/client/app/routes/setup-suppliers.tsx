import { SuppliersScreen } from "../../features/suppliers/components/suppliers-screen";

export default function SuppliersRoute() {
  return <SuppliersScreen />;
}
