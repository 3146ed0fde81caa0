import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Supplier, SupplierInputSchema } from "../../../../domain/supplier";
import { t } from "../../../i18n";
import { SUPPLIER_WORDS } from "../../master-data/entity-words";
import { MasterDataForm, type MasterDataFormProps } from "../../master-data/master-data-form";
import { TextFormField } from "../../master-data/text-form-field";
import { useCreateSupplier } from "../api/create-supplier";
import { useUpdateSupplier } from "../api/update-supplier";

type FormValues = z.input<typeof SupplierInputSchema>;
type FormOutput = z.output<typeof SupplierInputSchema>;

/** Adds a supplier (`item` null) or edits one. */
export function SupplierForm({ item, onDone }: MasterDataFormProps<Supplier>) {
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(SupplierInputSchema),
    defaultValues: { name: item?.name ?? "", contactInfo: item?.contactInfo ?? "" },
  });

  return (
    <MasterDataForm
      form={form}
      words={SUPPLIER_WORDS}
      editing={item !== null}
      onDone={onDone}
      onSave={(input) => (item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input))}
    >
      <TextFormField
        control={form.control}
        name="name"
        label={t("suppliers.name")}
        placeholder={t("suppliers.namePlaceholder")}
      />
      <TextFormField
        control={form.control}
        name="contactInfo"
        label={t("suppliers.contact")}
        placeholder={t("suppliers.contactPlaceholder")}
        multiline
      />
    </MasterDataForm>
  );
}
