import type { LiveMessage, RealtimeEventData, RealtimeEventType } from '@storelens/contracts';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { RealtimeStatus } from './realtimeConnection.ts';

/** Live messages kept for the bell (the newest first). */
const LIVE_MESSAGES_KEPT = 20;

interface RealtimeState {
  status: RealtimeStatus;
  /** Messages that arrived while the page was open, newest first. */
  liveMessages: LiveMessage[];
  setStatus(status: RealtimeStatus): void;
  addLiveMessage(message: LiveMessage): void;
  clear(): void;
}

export const useRealtimeStore = create<RealtimeState>((set) => ({
  status: 'idle',
  liveMessages: [],
  setStatus: (status) => set({ status }),
  addLiveMessage: (message) =>
    set((state) => ({ liveMessages: [message, ...state.liveMessages.filter((known) => known.id !== message.id)].slice(0, LIVE_MESSAGES_KEPT) })),
  clear: () => set({ liveMessages: [] }),
}));

type Handler<T extends RealtimeEventType> = (data: RealtimeEventData<T>) => void;
const handlers = new Map<string, Set<(data: unknown) => void>>();

/** Hands an event to whoever listens (the shell, an open page). */
export function emitRealtimeEvent(type: RealtimeEventType | 'resync', data: unknown): void {
  for (const handler of handlers.get(type) ?? []) handler(data);
}

export function onRealtimeEvent<T extends RealtimeEventType>(type: T | 'resync', handler: Handler<T>): () => void {
  const set = handlers.get(type) ?? new Set();
  const wrapped = handler as (data: unknown) => void;
  set.add(wrapped);
  handlers.set(type, set);
  return () => set.delete(wrapped);
}

/** Listens to a type of event while the component is mounted (the latest handler is used). */
export function useRealtimeEvent<T extends RealtimeEventType>(type: T | 'resync', handler: Handler<T>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onRealtimeEvent<T>(type, (data) => latest.current(data)), [type]);
}

/** Whether events flow now: pages poll only while they do not. */
export function useRealtimeOpen(): boolean {
  return useRealtimeStore((state) => state.status === 'open');
}
