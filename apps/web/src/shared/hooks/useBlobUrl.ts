import { useEffect, useState } from 'react';

/**
 * A picture fetched with the session as an object URL (never a token in an <img> address),
 * released when the key changes or the component goes. `key` null: nothing to fetch.
 */
export function useBlobUrl(key: string | null | undefined, load: () => Promise<Blob>): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what load fetches.
  useEffect(() => {
    if (!key) {
      setState({ url: null, failed: false });
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    load().then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      },
      () => {
        if (!cancelled) setState({ url: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);
  return state;
}
