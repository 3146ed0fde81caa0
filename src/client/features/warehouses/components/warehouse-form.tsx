import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Warehouse, WarehouseInputSchema } from "../../../../domain/warehouse";
import { t } from "../../../i18n";
import { WAREHOUSE_WORDS } from "../../master-data/entity-words";
import { MasterDataForm, type MasterDataFormProps } from "../../master-data/master-data-form";
import { TextFormField } from "../../master-data/text-form-field";
import { useCreateWarehouse } from "../api/create-warehouse";
import { useUpdateWarehouse } from "../api/update-warehouse";

type FormValues = z.input<typeof WarehouseInputSchema>;
type FormOutput = z.output<typeof WarehouseInputSchema>;

/** Adds a warehouse (`item` null) or edits one. */
export function WarehouseForm({ item, onDone }: MasterDataFormProps<Warehouse>) {
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(WarehouseInputSchema),
    defaultValues: { name: item?.name ?? "", location: item?.location ?? "" },
  });

  return (
    <MasterDataForm
      form={form}
      words={WAREHOUSE_WORDS}
      editing={item !== null}
      onDone={onDone}
      onSave={(input) => (item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input))}
    >
      <TextFormField
        control={form.control}
        name="name"
        label={t("warehouses.name")}
        placeholder={t("warehouses.namePlaceholder")}
      />
      <TextFormField
        control={form.control}
        name="location"
        label={t("warehouses.location")}
        placeholder={t("warehouses.optional")}
      />
    </MasterDataForm>
  );
}
