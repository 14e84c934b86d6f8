import { useEffect, useState } from 'react';
import { listOutbox } from '../api.ts';

/**
 * Whether the server exposes the development outbox (it answers 404 in production). Asking the
 * server, rather than reading the build mode, is right because one build runs in both modes.
 */
export function useOutboxAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let active = true;
    listOutbox().then(
      () => active && setAvailable(true),
      () => active && setAvailable(false),
    );
    return () => {
      active = false;
    };
  }, []);
  return available;
}
