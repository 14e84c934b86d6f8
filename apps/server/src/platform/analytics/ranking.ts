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
