import { useEffect, useState } from 'react';

type Phase = 'idle' | 'running' | 'finishing';

const FINISH_MS = 300;

/**
 * The thin bar at the top while a page loads (spec: a progress indicator, no spinner). It creeps
 * towards 85 % while loading and completes when the navigation ends. It is decoration for the eye:
 * hidden from assistive technology (it sits above every landmark, and a bar that names no real
 * progress tells a screen reader nothing the page's own loading states do not); `aria-busy` stays
 * for the tests that wait for a page to settle.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<Phase>(active ? 'running' : 'idle');
  useEffect(() => {
    if (active) {
      setPhase('running');
      return;
    }
    setPhase((current) => (current === 'running' ? 'finishing' : current));
    const timer = setTimeout(() => setPhase('idle'), FINISH_MS);
    return () => clearTimeout(timer);
  }, [active]);

  return (
    <div className={`sl-progress sl-progress--${phase}`} aria-hidden="true" aria-busy={phase === 'running'} data-testid="progress-bar" data-state={phase} />
  );
}
