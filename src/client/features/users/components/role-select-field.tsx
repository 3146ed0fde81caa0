import type { Control, FieldValues, Path } from "react-hook-form";
import { ROLES, type Role } from "../../../../domain/roles";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "../../../components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { t } from "../../../i18n";
import { roleDescription, roleLabel } from "../role-labels";

/** The Role select of the add and edit dialogs, with what the chosen role may do. */
export function RoleSelectField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("users.roleHeader")}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur}>
                <SelectValue placeholder={t("users.chooseRole")} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {ROLES.map((role) => (
                <SelectItem key={role} value={role}>
                  {roleLabel(role)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {field.value && <FormDescription>{roleDescription(field.value as Role)}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
