import { useEffect, useState } from 'react';

type Phase = 'idle' | 'running' | 'finishing';

const FINISH_MS = 300;

/**
 * The thin bar at the top while a page loads (spec: a progress indicator, no spinner). It creeps
 * towards 85 % while loading and completes when the navigation ends.
 */
export function ProgressBar({ active, label }: { active: boolean /** Its name for assistive technology (a progress bar must have one). */; label: string }) {
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
    <div
      className={`sl-progress sl-progress--${phase}`}
      role="progressbar"
      aria-label={label}
      aria-hidden={phase === 'idle'}
      aria-busy={phase === 'running'}
      data-testid="progress-bar"
      data-state={phase}
    />
  );
}
