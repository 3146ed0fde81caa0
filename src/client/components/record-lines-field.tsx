import { PlusIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { type Control, type FieldValues, useFieldArray } from "react-hook-form";
import { LabelledField } from "./input-field";
import { LengthField } from "./length-field";
import { Button } from "./ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
import { Combobox, type ComboboxOption } from "./ui/combobox";

/** What every line of a new order or purchase order has: a material and a typed length. */
interface LinesForm extends FieldValues {
  lines: { materialId: string; yards: string }[];
}

/**
 * The words of the lines card, translated by the feature: the keys stay in each feature's module,
 * where the i18n build (scripts/lib/i18n-parts.ts) finds them for that screen's part.
 */
export interface RecordLinesWords {
  title: string;
  line: (n: number) => string;
  material: string;
  chooseMaterial: string;
  ordered: string;
  removeLine: (n: number) => string;
  addLine: string;
}

/**
 * The lines editor of a new order or purchase order: one fieldset per line (material, length, the
 * feature's own fields in `middle` and under it in `below`), a remove button (never the last line)
 * and Add line with the feature's `actions` beside it. No mutation here: each form saves its own.
 */
export function RecordLinesField<T extends LinesForm>({
  control,
  emptyLine,
  materialOptions,
  words,
  columns,
  middle,
  below,
  actions,
}: {
  control: Control<T>;
  emptyLine: T["lines"][number];
  materialOptions: ComboboxOption[];
  words: RecordLinesWords;
  /** The fieldset's grid columns from sm up (a literal class, for Tailwind to find). */
  columns: string;
  middle?: (index: number) => React.ReactNode;
  below?: (index: number, key: string) => React.ReactNode;
  actions?: React.ReactNode;
}) {
  // Every T has these lines; react-hook-form's paths cannot be typed through a generic T.
  const lines = control as unknown as Control<LinesForm>;
  const array = useFieldArray({ control: lines, name: "lines" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{words.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {array.fields.map((line, index) => (
          <fieldset
            key={line.id}
            aria-label={words.line(index + 1)}
            className={`grid items-start gap-3 rounded-md border p-3 ${columns}`}
          >
            <LabelledField
              control={lines}
              name={`lines.${index}.materialId`}
              label={words.material}
              input={(field) => (
                <Combobox
                  options={materialOptions}
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={words.chooseMaterial}
                />
              )}
            />
            <LengthField control={lines} name={`lines.${index}.yards`} label={words.ordered} />
            {middle?.(index)}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="max-sm:justify-self-end sm:mt-6"
              aria-label={words.removeLine(index + 1)}
              disabled={array.fields.length === 1}
              onClick={() => array.remove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
            {below?.(index, line.id)}
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => array.append(emptyLine)}>
            <PlusIcon aria-hidden="true" />
            {words.addLine}
          </Button>
          {actions}
        </div>
      </CardContent>
    </Card>
  );
}
