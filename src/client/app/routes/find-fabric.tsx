import { FindFabricScreen } from "../../features/find/find-fabric-screen";

export default function FindFabricRoute() {
  return <FindFabricScreen />;
}
