export const AGE_BANDS = [
  { name: "New", min: 0, max: 30 },
  { name: "Normal", min: 31, max: 60 },
  { name: "Aging", min: 61, max: 90 },
  { name: "Old", min: 91, max: Number.POSITIVE_INFINITY },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]["name"];

export function ageBand(ageInDays: number): AgeBand {
  for (const band of AGE_BANDS) {
    if (ageInDays <= band.max) return band.name;
  }
  return "Old";
}
