import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { KIND_REQUIREMENTS } from "../../../../domain/transaction";
import { reasonCodesFor, type TransactionKind } from "../../../../domain/transaction-kinds";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { useT } from "../../../i18n";
import { NothingToPick, nothingText } from "../../master-data/nothing-to-pick";
import { suppliersQueryOptions } from "../../suppliers/api/list-suppliers";
import { useWarehouses } from "../../warehouses/api/list-warehouses";
import type { TransactionFormValues } from "./form-model";

type WarehouseField = "warehouseId" | "sourceWarehouseId" | "destinationWarehouseId";

/** Days after tomorrow cannot be chosen (the server refuses them). */
function afterTomorrow(day: Date): boolean {
  const now = new Date();
  return day > new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 23, 59);
}

interface HeaderFieldsProps {
  kind: TransactionKind;
  /** The warehouse whose stock the items use changed (consumption kinds clear their rows). */
  onStockWarehouseChange: (field: WarehouseField, previous: string, next: string) => void;
}

/** Transaction No. (AUTO), date, the kind's supplier / warehouses / reason, reference and notes. */
export function HeaderFields({ kind, onStockWarehouseChange }: HeaderFieldsProps) {
  const { t } = useT();
  const form = useFormContext<TransactionFormValues>();
  const required = KIND_REQUIREMENTS[kind];
  const warehouses = useWarehouses();
  const suppliers = useQuery({ ...suppliersQueryOptions(), enabled: required.includes("supplierId") });
  const source = form.watch("sourceWarehouseId");
  const reasons = reasonCodesFor(kind);
  const noWarehouses = warehouses.data?.length === 0;
  const noSuppliers = suppliers.data?.length === 0;

  const warehouseField = (name: WarehouseField) => (
    <FormField
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`transactions.header.${name}`)}</FormLabel>
          <Select
            value={field.value}
            onValueChange={(value) => {
              const previous = field.value;
              field.onChange(value);
              onStockWarehouseChange(name, previous, value);
            }}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur}>
                <SelectValue
                  placeholder={
                    warehouses.isPending
                      ? t("transactions.header.loading")
                      : noWarehouses
                        ? nothingText("warehouses")
                        : t("transactions.header.selectWarehouse")
                  }
                />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {warehouses.data?.map((w) => (
                <SelectItem
                  key={w.id}
                  value={String(w.id)}
                  disabled={name === "destinationWarehouseId" && String(w.id) === source}
                >
                  {w.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
          {noWarehouses && <NothingToPick what="warehouses" underPicker />}
        </FormItem>
      )}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("transactions.header.title")}</CardTitle>
        <CardDescription>{t("transactions.header.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="transaction-number">{t("transactions.header.number")}</Label>
          <Input
            id="transaction-number"
            value={t("transactions.header.auto")}
            readOnly
            className="bg-muted/50"
          />
        </div>
        <FormField
          control={form.control}
          name="transactionDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("transactions.header.date")}</FormLabel>
              <FormControl>
                <DatePicker
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? "")}
                  isDisabledDay={afterTomorrow}
                  required
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {required.includes("supplierId") && (
          <FormField
            control={form.control}
            name="supplierId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("transactions.header.supplierId")}</FormLabel>
                <FormControl>
                  <Combobox
                    options={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={
                      suppliers.isPending
                        ? t("transactions.header.loading")
                        : noSuppliers
                          ? nothingText("suppliers")
                          : t("transactions.header.selectSupplier")
                    }
                    searchPlaceholder={t("transactions.header.searchSuppliers")}
                    emptyText={noSuppliers ? nothingText("suppliers") : undefined}
                  />
                </FormControl>
                <FormMessage />
                {noSuppliers && <NothingToPick what="suppliers" underPicker />}
              </FormItem>
            )}
          />
        )}
        {(["warehouseId", "sourceWarehouseId", "destinationWarehouseId"] as const)
          .filter((f) => required.includes(f))
          .map(warehouseField)}
        {reasons.length > 0 && (
          <FormField
            control={form.control}
            name="reasonCode"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("transactions.header.reasonCode")}</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder={t("transactions.header.selectReason")} />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {reasons.map((r) => (
                      <SelectItem key={r} value={r}>
                        {t(`transactions.reason.${r.replaceAll(" ", "")}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <FormField
          control={form.control}
          name="referenceDocument"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("transactions.header.reference")}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="off"
                  placeholder={t("transactions.header.referencePlaceholder")}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem className="sm:col-span-2 lg:col-span-3">
              <FormLabel>{t("transactions.header.notes")}</FormLabel>
              <FormControl>
                <Textarea {...field} rows={2} placeholder={t("transactions.header.notesPlaceholder")} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
