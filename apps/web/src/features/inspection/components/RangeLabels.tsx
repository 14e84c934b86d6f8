import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Names both inputs of an antd range picker for assistive technology: the form label reaches only
 * the first input (its id), so the second had nothing but its placeholder (axe: label-title-only).
 * It wraps the whole Form.Item, so the form still hands its value and events to the picker itself.
 */
export function RangeLabels({ start, end, children }: { start: string; end: string; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const inputs = wrapper.current?.querySelectorAll('input') ?? [];
    inputs[0]?.setAttribute('aria-label', start);
    inputs[1]?.setAttribute('aria-label', end);
  });
  return <div ref={wrapper}>{children}</div>;
}
