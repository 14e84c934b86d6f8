import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../../../../shared/analytics/comparisonRanges.ts';

/**
 * A choice the server would refuse (two ranges, two axes) is refused by the page first: it is
 * kept, so the user can go on changing it, but `refusal` says why it cannot be asked, and the
 * change that made it so is answered at once with the server's message (under `toastKey`, so a
 * new refusal replaces the last). Pages ask nothing while `refusal` is set.
 */
export function useCheckedChoice<Choice>(initial: () => Choice, refusalOf: (choice: Choice) => Refusal | null, toastKey: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<Choice>(initial);
  const change = (next: Choice) => {
    setChoice(next);
    const refused = refusalOf(next);
    if (refused) void message.error({ content: t(refused.key, refused.params), key: toastKey });
  };
  return { choice, change, refusal: refusalOf(choice) };
}
