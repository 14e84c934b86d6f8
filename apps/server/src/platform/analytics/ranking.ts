import { changeOf } from './ratios.ts';
/**
 * Ranks shops by a value: highest or lowest first, ties by shop number, and shops without a value
 * (a ratio with nothing to divide) last whatever the order. Store ranking of traffic and of sales.
 */
export function rankByValue<Row extends { value: number | null; shopNumber: string }>(rows: Row[], order: 'asc' | 'desc'): (Row & { rank: number })[] {
  const direction = order === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    if (a.value === null || b.value === null) return a.value === b.value ? a.shopNumber.localeCompare(b.shopNumber) : a.value === null ? 1 : -1;
    return direction * (a.value - b.value) || a.shopNumber.localeCompare(b.shopNumber);
  });
  return sorted.map((row, index) => ({ rank: index + 1, ...row }));
}

/** One shop's row of a ranking (traffic and sales alike): its value against the previous range's, and how far it can be compared. */
export function rankingRow(
  shop: { id: string; name: string; number: string },
  value: number | null,
  previousValue: number | null,
  comparison: { comparable: boolean; incompleteDays: number },
) {
  return {
    shopId: shop.id,
    shopName: shop.name,
    shopNumber: shop.number,
    value,
    previousValue,
    change: changeOf(previousValue, value),
    comparable: comparison.comparable,
    incompleteDays: comparison.incompleteDays,
  };
}
