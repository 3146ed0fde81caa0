import { useFormContext } from "react-hook-form";
import { BIN_MAX } from "../../../../domain/roll";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { useT } from "../../../i18n";
import type { TransactionFormValues } from "./form-model";

/**
 * Transfer: the shelf or bin an item goes to at the destination (CONTRACT.md section 12), optional;
 * a roll moved whole takes it, a piece cut off starts there.
 */
export function DestinationBinField({ index, labelClassName }: { index: number; labelClassName: string }) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  return (
    <FormField
      control={form.control}
      name={`items.${index}.destinationBin`}
      render={({ field }) => (
        // Phones: under the roll, full width.
        <FormItem className="order-2 col-span-2 gap-1.5 lg:order-none lg:col-span-1">
          <FormLabel className={labelClassName}>{t("transactions.destinationBin.label")}</FormLabel>
          <FormControl>
            <Input
              {...field}
              value={field.value ?? ""}
              autoComplete="off"
              placeholder={t("transactions.rollEntry.optional")}
              maxLength={BIN_MAX}
            />
          </FormControl>
          <FormMessage className="text-xs" />
        </FormItem>
      )}
    />
  );
}
