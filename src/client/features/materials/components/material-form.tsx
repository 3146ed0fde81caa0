import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MAX_REMNANT_BELOW_YARDS, type Material } from "../../../../domain/material";
import { DEFAULT_REMNANT_BELOW_YARDS } from "../../../../domain/roll";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { t, useT } from "../../../i18n";
import { lengthToText } from "../../../lib/format";
import { MATERIAL_WORDS } from "../../master-data/entity-words";
import { MasterDataForm, type MasterDataFormProps } from "../../master-data/master-data-form";
import { TextFormField } from "../../master-data/text-form-field";
import { useCreateMaterial } from "../api/create-material";
import { useUpdateMaterial } from "../api/update-material";
import { toPickerValue } from "../color-code";
import { MaterialFormSchema } from "../material-form-schema";

type FormValues = z.input<typeof MaterialFormSchema>;
type FormOutput = z.output<typeof MaterialFormSchema>;

/** Adds a material (`item` null) or edits one: type, color and an optional colour code. */
export function MaterialForm({ item, onDone }: MasterDataFormProps<Material>) {
  const { language, lengthUnit } = useT();
  // English yards keep the spec's plain "3"; another language or unit shows its own "2,74".
  const plain = language === "en" && lengthUnit === "yd";
  const remnant = item?.remnantBelowYards ?? DEFAULT_REMNANT_BELOW_YARDS;
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(MaterialFormSchema),
    defaultValues: {
      typeName: item?.typeName ?? "",
      colorName: item?.colorName ?? "",
      colorCode: item?.colorCode ?? "",
      remnantBelowYards: plain ? String(remnant) : lengthToText(remnant),
    },
  });

  return (
    <MasterDataForm
      form={form}
      words={MATERIAL_WORDS}
      editing={item !== null}
      onDone={onDone}
      onSave={(input) => (item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input))}
    >
      <TextFormField
        control={form.control}
        name="typeName"
        label={t("materials.form.type")}
        placeholder={t("materials.form.typePlaceholder")}
      />
      <TextFormField
        control={form.control}
        name="colorName"
        label={t("materials.form.color")}
        placeholder={t("materials.form.colorPlaceholder")}
      />
      <FormField
        control={form.control}
        name="colorCode"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("materials.colorCode")}</FormLabel>
            <div className="flex gap-2">
              <FormControl>
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t("materials.form.colorCodePlaceholder")}
                  className="font-mono"
                  {...field}
                  value={field.value ?? ""}
                />
              </FormControl>
              <input
                type="color"
                aria-label={t("materials.form.pickColor")}
                title={t("materials.form.pickColor")}
                value={toPickerValue(field.value)}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              />
            </div>
            <FormDescription>{t("materials.form.colorCodeHelp")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="remnantBelowYards"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("materials.form.remnantBelow", { unit: lengthUnit })}</FormLabel>
            {/* Text, not a number box: Chromium's drops the comma of "2,5" and sends 25. */}
            <FormControl>
              <Input
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                placeholder={t("materials.form.remnantPlaceholder", {
                  example: plain
                    ? String(DEFAULT_REMNANT_BELOW_YARDS)
                    : lengthToText(DEFAULT_REMNANT_BELOW_YARDS),
                })}
                className="tabular-nums sm:max-w-40"
                {...field}
                value={typeof field.value === "string" ? field.value : ""}
              />
            </FormControl>
            <FormDescription>
              {t("materials.form.remnantHelp", {
                max: plain ? String(MAX_REMNANT_BELOW_YARDS) : lengthToText(MAX_REMNANT_BELOW_YARDS),
                unit: lengthUnit,
              })}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </MasterDataForm>
  );
}
