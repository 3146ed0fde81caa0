import { useFormContext, useWatch } from "react-hook-form";
import { Combobox } from "../../../components/ui/combobox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { useT } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { nothingText } from "../../master-data/nothing-to-pick";
import type { TransactionFormValues } from "./form-model";
import { type MaterialChoices, withChosen } from "./item-options";

interface MaterialFieldsProps {
  index: number;
  /** As ItemRowProps: consumption kinds list the types with stock at the warehouse. */
  mode: "stock" | "materials" | "count";
  choices: MaterialChoices | undefined;
  pickersDisabled: boolean;
  /** A Stock Opname row counting one (scanned) roll: its material is the roll's, not changed here. */
  locked: boolean;
  labelClassName: string;
  /** Each field's grid class (phones: full width). */
  className: string;
  /** Set a field of the row (revalidating once the form was submitted). */
  set: (field: "materialId" | "batch" | "rollId", value: string) => void;
}

/**
 * An item's Material Type and Color pickers. A type with one color picks that color; on consumption
 * kinds, a new type or color clears the batch and roll picked for the old one.
 */
export function MaterialFields({
  index,
  mode,
  choices,
  pickersDisabled,
  locked,
  labelClassName,
  className,
  set,
}: MaterialFieldsProps) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}` as const;
  const typeName = useWatch({ control: form.control, name: `${name}.typeName` });
  const typeOptions = withChosen(choices?.types ?? [], typeName, typeName);
  const colorOptions = choices?.colorsByType.get(typeName) ?? [];
  const clearStockPicks = () => {
    if (mode !== "stock") return;
    set("batch", "");
    set("rollId", "");
  };
  return (
    <>
      <FormField
        control={form.control}
        name={`${name}.typeName`}
        render={({ field }) => (
          <FormItem className={cn("gap-1.5", className)}>
            <FormLabel className={labelClassName}>{t("transactions.item.type")}</FormLabel>
            <FormControl>
              <Combobox
                options={typeOptions}
                value={field.value}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  // A type with one color: that color.
                  const colors = choices?.colorsByType.get(value) ?? [];
                  set("materialId", colors.length === 1 ? (colors[0]?.value ?? "") : "");
                  clearStockPicks();
                }}
                placeholder={
                  pickersDisabled
                    ? t("transactions.material.warehouseFirst")
                    : choices
                      ? t("transactions.material.selectType")
                      : t("transactions.header.loading")
                }
                searchPlaceholder={t("transactions.material.searchTypes")}
                emptyText={
                  typeOptions.length === 0
                    ? nothingText(mode === "stock" ? "stock" : "materials")
                    : t("transactions.material.noType")
                }
                disabled={pickersDisabled || locked}
              />
            </FormControl>
            <FormMessage className="text-xs" />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name={`${name}.materialId`}
        render={({ field }) => (
          <FormItem className={cn("gap-1.5", className)}>
            <FormLabel className={labelClassName}>{t("transactions.item.color")}</FormLabel>
            <FormControl>
              <Combobox
                options={colorOptions}
                value={field.value}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  clearStockPicks();
                }}
                placeholder={t("transactions.material.selectColor")}
                searchPlaceholder={t("transactions.material.searchColors")}
                disabled={pickersDisabled || !typeName || locked}
              />
            </FormControl>
            <FormMessage className="text-xs" />
          </FormItem>
        )}
      />
    </>
  );
}
