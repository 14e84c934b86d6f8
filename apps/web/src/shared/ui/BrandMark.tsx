/** The Storelens mark: a lens over a store grid. Plain SVG so public pages stay light. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1f5eff" />
      <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="16" cy="16" r="3" fill="#fff" />
    </svg>
  );
}

export const PRODUCT_NAME = 'Storelens';
