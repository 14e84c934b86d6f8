import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import areaAnalysis from '../../../locales/en/areaAnalysis.json';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { EmptyDayHint } from './EmptyDayHint.tsx';

describe('EmptyDayHint', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await initI18n('en');
    // The shell loads the feature's words on demand; here, directly.
    i18next.addResourceBundle('en', 'areaAnalysis', areaAnalysis);
  });

  it("offers the day before when the store's today has no tracks yet, across a month's end", () => {
    const onPick = vi.fn();
    render(<EmptyDayHint date="2026-12-01" today="2026-12-01" total={0} onPick={onPick} />);
    expect(screen.getByText('No one tracked yet today.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('area-flow-yesterday'));
    expect(onPick).toHaveBeenCalledWith('2026-11-30');
  });

  it('only says so on another empty day, and says nothing while loading or when there are tracks', () => {
    const onPick = vi.fn();
    const { container, rerender } = render(<EmptyDayHint date="2026-11-20" today="2026-12-01" total={0} onPick={onPick} />);
    expect(screen.getByText('No tracks on this day.')).toBeTruthy();
    expect(screen.queryByTestId('area-flow-yesterday')).toBeNull();
    rerender(<EmptyDayHint date="2026-12-01" today="2026-12-01" total={undefined} onPick={onPick} />);
    expect(container.textContent).toBe('');
    rerender(<EmptyDayHint date="2026-12-01" today="2026-12-01" total={12} onPick={onPick} />);
    expect(container.textContent).toBe('');
  });
});
