import { RequireAccess } from "../../features/auth/components/require-access";
import { UsersScreen } from "../../features/users/components/users-screen";

export default function UsersRoute() {
  return (
    <RequireAccess access="admin">
      <UsersScreen />
    </RequireAccess>
  );
}
