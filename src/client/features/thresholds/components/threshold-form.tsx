import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { materialLabel } from "../../../../domain/names";
import { type Threshold, ThresholdInputSchema } from "../../../../domain/threshold";
import { Combobox } from "../../../components/ui/combobox";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { getLocale, t, useT } from "../../../i18n";
import { formatLengthWithUnit, lengthToText, parseTypedLength } from "../../../lib/format";
import { THRESHOLD_WORDS } from "../../master-data/entity-words";
import { MasterDataForm, type MasterDataFormProps } from "../../master-data/master-data-form";
import { NothingToPick, nothingText } from "../../master-data/nothing-to-pick";
import { useMaterials } from "../../materials/api/list-materials";
import { useMaterialBatches } from "../../stock/api/material-batches";
import { useCreateThreshold } from "../api/create-threshold";
import { useUpdateThreshold } from "../api/update-threshold";

/**
 * The domain schema, with the yards typed into a text box: blank stays "required", anything else
 * goes to the domain's number rules ("Must be a positive number"). The material picker holds the id
 * as text; the API takes it only as a JSON integer, so the form turns it into one.
 */
const FormSchema = ThresholdInputSchema.extend({
  materialId: z.preprocess(
    (value) => (typeof value === "string" ? (value === "" ? undefined : Number(value)) : value),
    ThresholdInputSchema.shape.materialId,
  ),
  thresholdYards: z.preprocess(
    (value) =>
      typeof value === "string" ? (value.trim() === "" ? undefined : typedThreshold(value)) : value,
    ThresholdInputSchema.shape.thresholdYards,
  ),
});
/**
 * English yards: the number as typed (the spec's whole yards). Another language or unit: read in
 * the user's unit and decimal mark, then to the nearest whole yard, since thresholds are whole yards
 * (50 m is kept as 55 yd and shown as 50,29 m). Unreadable text goes on as NaN: "Must be a positive number".
 */
function typedThreshold(text: string): number {
  const { language, lengthUnit } = getLocale();
  if (language === "en" && lengthUnit === "yd") return Number(text);
  const parsed = parseTypedLength(text);
  return parsed.ok ? Math.round(parsed.yards) : Number.NaN;
}

type FormValues = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const ALL_BATCHES = "all_batches";

/**
 * The Batch picker's options: All Batches, then the chosen material's batches from the server (the
 * first 1,000, and as the clerk types, those containing the text), with the yards on hand.
 */
function useBatchOptions(materialId: unknown) {
  const [search, setSearch] = useState("");
  const [serverSearch, setServerSearch] = useState("");
  // One request per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setServerSearch(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const id = Number(materialId);
  const batches = useMaterialBatches(Number.isInteger(id) && id > 0 ? id : undefined, serverSearch);
  const options = useMemo(
    () => [
      { value: ALL_BATCHES, label: t("thresholds.allBatches") },
      ...(batches.data ?? []).map((b) => ({
        value: b.batch,
        label: b.batch,
        hint: formatLengthWithUnit(b.yards),
      })),
    ],
    [batches.data],
  );
  return {
    setSearch,
    searching: search.trim() !== serverSearch || batches.isFetching,
    /** The threshold's own batch stays shown even when the list does not hold it. */
    withChosen: (batch: string) =>
      batch && !options.some((o) => o.value === batch)
        ? [...options, { value: batch, label: batch }]
        : options,
  };
}

/** The threshold's own material while the list loads, or marked archived when the list leaves it out. */
function archivedOption(item: Threshold, loading: boolean) {
  return {
    value: String(item.materialId),
    label: loading
      ? materialLabel(item)
      : t("thresholds.form.archivedMaterial", { name: materialLabel(item) }),
  };
}

/** Adds a stock threshold (`item` null) or edits one. */
export function ThresholdForm({ item, onDone }: MasterDataFormProps<Threshold>) {
  const { language, lengthUnit } = useT();
  const plain = language === "en" && lengthUnit === "yd";
  const create = useCreateThreshold();
  const update = useUpdateThreshold();
  const materials = useMaterials();
  const options = useMemo(() => {
    const active = (materials.data ?? []).map((m) => ({
      value: String(m.id),
      label: materialLabel(m),
      keywords: m.colorCode ?? undefined,
    }));
    // The picker lists active materials only; a threshold of an archived one keeps showing it, marked
    // (issue 33: it opened empty). The server lets the threshold keep it, but not move to one.
    if (!item || active.some((o) => o.value === String(item.materialId))) return active;
    return [...active, archivedOption(item, materials.isPending)];
  }, [materials.data, materials.isPending, item]);
  const noMaterials = materials.data?.length === 0;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      materialId: item ? String(item.materialId) : "",
      batch: item?.batch ?? "",
      thresholdYards: item ? (plain ? String(item.thresholdYards) : lengthToText(item.thresholdYards)) : "",
      isActive: item?.isActive ?? true,
    },
  });

  const batchOptions = useBatchOptions(useWatch({ control: form.control, name: "materialId" }));

  function save({ batch, ...values }: FormOutput) {
    // Spec section 5: a blank batch is left out on create and sent as null on update.
    if (item) return update.mutateAsync({ id: item.id, input: { ...values, batch } });
    return create.mutateAsync(batch ? { ...values, batch } : values);
  }

  return (
    <MasterDataForm form={form} words={THRESHOLD_WORDS} editing={item !== null} onDone={onDone} onSave={save}>
      <FormField
        control={form.control}
        name="materialId"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("thresholds.material")}</FormLabel>
            <FormControl>
              <Combobox
                options={options}
                value={field.value ? String(field.value) : ""}
                onChange={(value) => {
                  // A batch belongs to its material: another material starts at All Batches.
                  if (value !== field.value) form.setValue("batch", "");
                  field.onChange(value);
                  field.onBlur();
                }}
                placeholder={
                  materials.isPending
                    ? t("thresholds.form.loadingMaterials")
                    : noMaterials
                      ? nothingText("materials")
                      : t("thresholds.form.selectMaterial")
                }
                searchPlaceholder={t("thresholds.form.searchMaterial")}
                emptyText={noMaterials ? nothingText("materials") : t("thresholds.form.noMaterial")}
              />
            </FormControl>
            <FormMessage />
            {noMaterials && <NothingToPick what="materials" underPicker />}
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="batch"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("thresholds.batch")}</FormLabel>
            <FormControl>
              <Combobox
                options={batchOptions.withChosen(field.value ?? "")}
                value={field.value ? field.value : ALL_BATCHES}
                onChange={(value) => field.onChange(value === ALL_BATCHES ? "" : value)}
                placeholder={t("thresholds.allBatches")}
                searchPlaceholder={t("thresholds.form.searchBatches")}
                emptyText={t("thresholds.form.noBatches")}
                onSearchChange={batchOptions.setSearch}
                searching={batchOptions.searching}
              />
            </FormControl>
            <FormDescription>{t("thresholds.form.batchHelp")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="thresholdYards"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("thresholds.threshold", { unit: lengthUnit })}</FormLabel>
            <FormControl>
              <Input
                {...(plain
                  ? { type: "number", inputMode: "numeric", min: 1, step: 1 }
                  : { type: "text", inputMode: "decimal", autoComplete: "off" })}
                placeholder={t("thresholds.form.thresholdPlaceholder")}
                {...field}
                value={field.value === undefined || field.value === null ? "" : String(field.value)}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <FormItem className="flex items-center justify-between gap-4 rounded-md border p-3">
            <div className="grid gap-1.5">
              <FormLabel>{t("thresholds.active")}</FormLabel>
              <FormDescription>{t("thresholds.form.activeHelp")}</FormDescription>
            </div>
            <FormControl>
              <Switch checked={field.value ?? true} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            </FormControl>
          </FormItem>
        )}
      />
    </MasterDataForm>
  );
}
