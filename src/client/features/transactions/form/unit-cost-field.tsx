import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { useT } from "../../../i18n";
import { formatMoney, useCurrency } from "../../../lib/money";
import { parseAmount, type TransactionFormValues } from "./form-model";
import { DescribedInput } from "./typed-batch-field";

/**
 * Receive (issue 17, CONTRACT.md section 11): the optional unit cost of an item, money per yard in
 * the installation's currency, kept by each roll the item makes. Clerks enter it too; only
 * administrators see values afterwards. Under it, what the item is worth at that cost, so that a
 * total typed by mistake (instead of a price per yard) stands out.
 */
export function UnitCostField({ index, yards }: { index: number; yards: number | null }) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  const name = `items.${index}.unitCost` as const;
  const text = useWatch({ control: form.control, name });
  const currency = useCurrency();
  const ids = useId();
  const cost = parseAmount(text ?? "");
  const worth = cost !== null && cost > 0 && yards !== null && yards > 0 ? cost * yards : null;
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1.5">
          <FormLabel className="lg:sr-only">{t("transactions.item.unitCost")}</FormLabel>
          <FormControl>
            <DescribedInput
              {...field}
              value={field.value ?? ""}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t("transactions.unitCost.placeholder")}
              className="text-right tabular-nums"
              extraDescribedBy={`${ids}-hint`}
            />
          </FormControl>
          <FormMessage className="text-xs lg:text-right" />
          <p id={`${ids}-hint`} className="text-xs text-muted-foreground tabular-nums lg:text-right">
            {worth === null ? (
              <span className="sr-only">{t("transactions.unitCost.hint", { currency })}</span>
            ) : (
              `= ${formatMoney(worth, currency)}`
            )}
          </p>
        </FormItem>
      )}
    />
  );
}
