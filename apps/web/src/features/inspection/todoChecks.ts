import type { ItemResult, MessageKey, ResultMedia } from '@storelens/contracts';

export interface ItemMark {
  result: ItemResult | null;
  remark: string;
}

/**
 * The submission's checks in the page, in the server's order (docs/API.md): every item marked; a
 * failed item with its remark, then with a screenshot of it (remote) or any picture (on site). The
 * first problem: its message and the item to bring into view; null when the results may go.
 */
export function firstProblem(
  items: readonly { itemId: string; media: readonly Pick<ResultMedia, 'kind'>[] }[],
  marks: Readonly<Record<string, ItemMark | undefined>>,
  method: 'remote' | 'onsite',
): { key: MessageKey; itemId: string } | null {
  const unmarked = items.find((item) => !marks[item.itemId]?.result);
  if (unmarked) return { key: 'inspection.resultsIncomplete', itemId: unmarked.itemId };
  for (const item of items) {
    const mark = marks[item.itemId];
    if (mark?.result !== 'fail') continue;
    if (!mark.remark.trim()) return { key: 'errors.fillRemarks', itemId: item.itemId };
    if (!item.media.some((media) => method === 'onsite' || media.kind === 'screenshot')) return { key: 'errors.takeScreenshot', itemId: item.itemId };
  }
  return null;
}
