import { useCallback, useEffect, useState } from 'react';

/**
 * The width of an element, followed as the window resizes (the plan is drawn to fit it). A callback
 * ref: the element may appear after the first render (pages show a spinner while the plan loads).
 */
export function useContainerWidth(fallback = 800): [(element: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => setWidth(Math.max(240, Math.floor(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [useCallback((next: HTMLDivElement | null) => setElement(next), []), width];
}
