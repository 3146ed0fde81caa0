import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import type { LabelLayout } from "./roll-label";

/** The paper's width in CSS pixels (96 per inch): A4 is 210 mm, the thermal label 4 in. */
const PAPER_PX: Record<LabelLayout, number> = { a4: (210 / 25.4) * 96, thermal: 4 * 96 };

/**
 * Shows the sheets whole on a screen narrower than the paper (a phone): scaled down with CSS zoom,
 * which shrinks their layout box too, so nothing scrolls sideways (issue 33). The zoom lives in a
 * screen-only media rule: printing never sees it, and prints the paper at its real size.
 */
export function FitToWidth({ layout, children }: { layout: LabelLayout; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(1);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // Rounded down: a sheet a fraction of a pixel too wide would bring the sideways scroll back.
    const measure = () =>
      setFit(Math.min(1, Math.floor((element.clientWidth / PAPER_PX[layout]) * 1000) / 1000));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [layout]);
  return (
    <div ref={box} className="overflow-x-auto print:overflow-visible">
      <div
        data-label-fit={fit.toFixed(3)}
        style={{ "--label-fit": fit } as React.CSSProperties}
        className="[@media_screen]:[zoom:var(--label-fit)]"
      >
        {children}
      </div>
    </div>
  );
}
