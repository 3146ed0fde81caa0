import { zodResolver } from "@hookform/resolvers/zod";
import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { z } from "zod";
import { InputField, LabelledField } from "../../../components/input-field";
import { PageHeader } from "../../../components/page-header";
import { RecordLinesField } from "../../../components/record-lines-field";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker } from "../../../components/ui/date-picker";
import { Form, FormField } from "../../../components/ui/form";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { lengthErrorKey, parseTypedLength } from "../../../lib/format";
import { useMaterialOptions } from "../../materials/api/list-materials";
import { useWarehouseOptions } from "../../warehouses/api/list-warehouses";
import { useCreateOrder } from "../api/create-order";
import { loadOrderDraft, type OrderPin, saveOrderDraft, savePins } from "../order-draft";
import { PinNote, pinHolds } from "./pin-note";

const lineSchema = z.object({
  materialId: z.string().min(1, "orders.form.materialRequired"),
  // Checked here, turned into yards on submit: a transforming schema would give the form two value
  // types, which the shared field components (typed on one) do not take.
  yards: z.string().superRefine((text, ctx) => {
    const parsed = parseTypedLength(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: lengthErrorKey(parsed.error) });
  }),
  onePiece: z.boolean(),
  pin: z.custom<OrderPin>().optional(),
});
const formSchema = z.object({
  reference: z.string().trim().min(1, "orders.form.referenceRequired").max(100),
  customer: z.string().max(200),
  dueDate: z.string().optional(),
  warehouseId: z.string().min(1, "orders.form.warehouseRequired"),
  lines: z.array(lineSchema).min(1),
});
type FormValues = z.infer<typeof formSchema>;

function yardsOf(text: string): number {
  const parsed = parseTypedLength(text);
  return parsed.ok ? parsed.yards : 0;
}

const emptyLine = { materialId: "", yards: "", onePiece: false };
const blankOrder: FormValues = { reference: "", customer: "", warehouseId: "", lines: [emptyLine] };

/**
 * /orders/new: reference, customer, due date, warehouse and lines (one lot each, optionally one
 * piece). It opens with the order being built (order-draft.ts: lines sent by Find Fabric's "Use for
 * order", their rolls pinned) and keeps it there while the clerk types, until saved or cancelled.
 */
export function NewOrderForm() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const materialOptions = useMaterialOptions();
  const warehouseOptions = useWarehouseOptions();
  const create = useCreateOrder();
  const [initial] = useState(() => loadOrderDraft() ?? blankOrder);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initial });
  useEffect(() => {
    const sub = form.watch((values) => saveOrderDraft(values as FormValues));
    return () => sub.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        reference: values.reference,
        customer: values.customer.trim() || undefined,
        dueDate: values.dueDate || undefined,
        warehouseId: Number(values.warehouseId),
        lines: values.lines.map((l) => ({
          materialId: Number(l.materialId),
          yards: yardsOf(l.yards),
          oneLot: true,
          onePiece: l.onePiece,
        })),
      },
      {
        onSuccess: (order) => {
          const pins: Record<number, OrderPin> = {};
          values.lines.forEach((l, i) => {
            const lineId = order.lines[i]?.id;
            if (lineId !== undefined && l.pin && pinHolds(l, l.pin)) pins[lineId] = l.pin;
          });
          savePins(order.id, pins);
          saveOrderDraft(null);
          toast({ title: t("orders.form.created", { number: order.number }) });
          navigate(`/orders/${order.id}`);
        },
        onError: (error) => toast({ variant: "destructive", title: errorMessage(error) }),
      },
    ),
  );

  return (
    <>
      <PageHeader title={t("orders.form.title")} />
      <Form {...form}>
        <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
          <Card>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <InputField
                control={form.control}
                name="reference"
                label={t("orders.reference")}
                maxLength={100}
              />
              <InputField
                control={form.control}
                name="customer"
                label={t("orders.customer")}
                maxLength={200}
              />
              <LabelledField
                control={form.control}
                name="dueDate"
                label={t("orders.dueDate")}
                input={(field) => (
                  <DatePicker
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t("orders.form.noDate")}
                  />
                )}
              />
              <LabelledField
                control={form.control}
                name="warehouseId"
                label={t("orders.warehouse")}
                input={(field) => (
                  <Combobox
                    options={warehouseOptions}
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t("orders.form.chooseWarehouse")}
                  />
                )}
              />
            </CardContent>
          </Card>
          <RecordLinesField
            control={form.control}
            emptyLine={emptyLine}
            materialOptions={materialOptions}
            words={{
              title: t("orders.lines"),
              line: (n) => t("orders.form.lineN", { n }),
              material: t("orders.material"),
              chooseMaterial: t("orders.form.chooseMaterial"),
              ordered: t("orders.ordered"),
              removeLine: (n) => t("orders.form.removeLine", { n }),
              addLine: t("orders.form.addLine"),
            }}
            columns="sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
            below={(index, key) => (
              <>
                <FormField
                  control={form.control}
                  name={`lines.${index}.onePiece`}
                  render={({ field }) => (
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:col-span-3">
                      <input
                        type="checkbox"
                        id={`${key}-piece`}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        className="size-4"
                      />
                      <Label htmlFor={`${key}-piece`} className="font-normal whitespace-nowrap">
                        {t("orders.form.onePiece")}
                      </Label>
                      <span className="text-muted-foreground">{t("orders.form.oneLotNote")}</span>
                    </div>
                  )}
                />
                <PinNote
                  control={form.control}
                  index={index}
                  onUnpin={() => form.setValue(`lines.${index}.pin`, undefined)}
                />
              </>
            )}
            actions={
              <Button type="button" variant="outline" asChild>
                <Link href="/inventory/find">
                  <SearchIcon aria-hidden="true" />
                  {t("orders.form.addFromFind")}
                </Link>
              </Button>
            }
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={create.isPending}>
              {t(create.isPending ? "orders.form.saving" : "orders.form.save")}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                saveOrderDraft(null);
                navigate("/orders");
              }}
            >
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      </Form>
    </>
  );
}
