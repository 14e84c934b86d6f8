import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, read once; evaluated in the page (DevTools evaluation is not bound by the page's CSP). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | null | undefined;
  help: string;
  /** The first offending elements' selectors and axe's summary of what is wrong. */
  nodes: string[];
}

/** Runs axe over the whole page as it is now and returns every violation, worst first. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Colours are measured once the page stands still: a badge caught while it fades in (the bell's
  // count, arriving after the page) reads as half its contrast. Endless animations (spinners) are
  // left running, and no wait lasts past 2 s.
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }),
  )) as AxeResults;
  const order: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };
  return results.violations
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`.trim()),
    }))
    .sort((a, b) => (order[a.impact ?? 'minor'] ?? 4) - (order[b.impact ?? 'minor'] ?? 4));
}

/** The findings the target forbids: serious and critical. */
export const blocking = (findings: readonly AxeFinding[]): AxeFinding[] =>
  findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
