import type { SiItemRow } from '@storelens/contracts';
import { useEffect, useState } from 'react';
import { fetchItemImage } from '../api.ts';

/**
 * An item's reference image as an object URL: fetched with the session like every operation (the
 * bearer header, never a token in an <img> URL), released when the item or its image changes.
 */
export function useItemImage(item: Pick<SiItemRow, 'itemId' | 'imageVersion'> | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const itemId = item?.itemId ?? null;
  const version = item?.imageVersion ?? null;
  useEffect(() => {
    if (!itemId || !version) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchItemImage(itemId, version).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => setUrl(null),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [itemId, version]);
  return url;
}
