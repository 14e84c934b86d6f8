import { useSessionStore } from '../../session/state/sessionStore.ts';

export const deviceKeys = {
  all: (cid: string | null) => ['devices', cid] as const,
  boxes: (cid: string | null) => ['devices', cid, 'boxes'] as const,
  cameras: (cid: string | null) => ['devices', cid, 'cameras'] as const,
  online: (cid: string | null) => ['devices', cid, 'online'] as const,
  alertSetting: (cid: string | null) => ['devices', cid, 'alertSetting'] as const,
  shopTree: (cid: string | null) => ['devices', cid, 'shopTree'] as const,
};

export function useCid(): string | null {
  return useSessionStore((state) => state.cid);
}
