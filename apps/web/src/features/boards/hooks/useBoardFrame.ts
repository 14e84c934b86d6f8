import type { BoardEmbed } from '@storelens/contracts';
import { type RefObject, useEffect } from 'react';

/**
 * Superset's embedded page takes its guest token by message, not from its address: once the frame
 * has loaded, the host hands it one end of a MessageChannel ('__embedded_comms__', 'port transfer')
 * and emits 'guestToken' on its own end, as Superset's embedded SDK does (no dependency needed for
 * two messages). Other boards carry their token in the address.
 */
export function useSupersetHandshake(frame: RefObject<HTMLIFrameElement | null>, embed: BoardEmbed | undefined): void {
  useEffect(() => {
    const element = frame.current;
    if (!element || embed?.signing !== 'superset' || !embed.guestToken || !embed.origin) return;
    const { guestToken, origin } = embed;
    const onLoad = () => {
      const channel = new MessageChannel();
      element.contentWindow?.postMessage({ type: '__embedded_comms__', handshake: 'port transfer' }, origin, [channel.port2]);
      channel.port1.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken } });
    };
    element.addEventListener('load', onLoad);
    return () => element.removeEventListener('load', onLoad);
  }, [frame, embed]);
}
