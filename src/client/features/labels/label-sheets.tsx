import type { Roll } from "../../../domain/roll";
import { t } from "../../i18n";
import { type LabelLayout, RollLabel } from "./roll-label";

/** Labels per A4 sheet: 3 across, 8 down (70 x 37.1 mm each, no margins: the common 24-up stock). */
export const A4_PER_SHEET = 24;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The printed pages: A4 sheets of 24 labels, or one 4 x 6 in label a page. On screen each page is
 * drawn as paper with a shadow; in print (the @page rule of the screen) each is one physical page.
 */
export function LabelSheets({ rolls, layout }: { rolls: readonly Roll[]; layout: LabelLayout }) {
  const pages = layout === "a4" ? chunks(rolls, A4_PER_SHEET) : rolls.map((r) => [r]);
  return (
    // Centred where the paper fits the screen; on a phone, narrower than the paper, a page starts at
    // the preview's left edge (safe centring), so that its box scrolls to every label.
    <div className="label-pages flex flex-col items-center-safe gap-6 print:block print:gap-0">
      {pages.map((page, i) => (
        <section
          // Pages are positional: the same rolls always give the same pages.
          // biome-ignore lint/suspicious/noArrayIndexKey: a page has no identity of its own
          key={i}
          aria-label={t("labels.page", { page: i + 1, pages: pages.length })}
          className={
            layout === "a4"
              ? "label-page grid h-[297mm] w-[210mm] grid-cols-3 grid-rows-8 content-start bg-white shadow-md print:shadow-none"
              : "label-page h-[152.4mm] w-[101.6mm] bg-white shadow-md print:shadow-none"
          }
        >
          {page.map((roll) => (
            <RollLabel key={roll.id} roll={roll} layout={layout} />
          ))}
        </section>
      ))}
    </div>
  );
}

/** The @page rule for a layout: paper size, no margins (the sheet's own layout has them). */
export function pageRuleOf(layout: LabelLayout): string {
  const size = layout === "a4" ? "A4" : "4in 6in";
  // The app's page padding goes too in print: a label starts at the paper's corner.
  return [
    `@page { size: ${size}; margin: 0; }`,
    "@media print {",
    "  body { background: white; }",
    "  main#main, main#main > div { padding: 0; margin: 0; max-width: none; }",
    "  .label-page { break-after: page; }",
    "  .label-page:last-child { break-after: auto; }",
    "}",
  ].join("\n");
}
