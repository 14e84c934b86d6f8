/** Moves one entry of a list by `step` places; a move past either end leaves the list as it is. */
export function moveColumn<T>(columns: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= columns.length) return [...columns];
  const next = [...columns];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}
