import type { GeometryVersions, Locale } from '@storelens/contracts';
import { formatDate } from '../../../shared/lib/dateTime.ts';

type Translate = (key: string, params?: Record<string, string | number>) => string;
type ElementVersions = GeometryVersions['elements'][number];

/**
 * One page's answers (a page may read several: flow lines and from-and-go) as one set of elements:
 * an element named twice keeps each version once, over the widest days either answer saw.
 */
export function mergeGeometry(answers: readonly (GeometryVersions | null | undefined)[]): GeometryVersions | null {
  const known = answers.filter((answer): answer is GeometryVersions => Boolean(answer));
  if (known.length === 0) return null;
  const elements = new Map<string, ElementVersions>();
  for (const element of known.flatMap((answer) => answer.elements)) {
    const seen = elements.get(element.elementId);
    if (!seen) {
      // Copies: the answers are the query cache's and must not change.
      elements.set(element.elementId, { ...element, spans: element.spans.map((span) => ({ ...span })) });
      continue;
    }
    for (const span of element.spans) {
      const same = seen.spans.find((candidate) => candidate.version === span.version);
      if (!same) seen.spans.push({ ...span });
      else {
        same.firstDate = span.firstDate < same.firstDate ? span.firstDate : same.firstDate;
        same.lastDate = span.lastDate > same.lastDate ? span.lastDate : same.lastDate;
      }
    }
    seen.spans.sort((a, b) => a.version - b.version);
  }
  return { planVersion: Math.max(...known.map((answer) => answer.planVersion)), elements: [...elements.values()] };
}

/** Elements some of whose figures in the range come from a version other than the current one. */
export const changedElements = (geometry: GeometryVersions) =>
  geometry.elements.filter((element) => element.spans.some((span) => span.version !== element.current));

/**
 * The page's line under its toolbar: 'Geometry version 7' when every figure was measured with the
 * elements as drawn now; otherwise which elements changed (or were removed: the heat's masks and
 * camera points), when, and the days of each version.
 * Null when the range holds no element's figures (nothing was produced by any version).
 */
export function geometryVersionsText(geometry: GeometryVersions | null, t: Translate, locale: Locale): string | null {
  if (!geometry?.elements.some((element) => element.spans.length > 0)) return null;
  const changed = changedElements(geometry);
  if (changed.length === 0) return t('geometryVersions.current', { version: geometry.planVersion });
  const day = (date: string) => formatDate(date, locale);
  const parts = changed.map((element) => {
    const spans = element.spans.map((span) =>
      span.firstDate === span.lastDate
        ? t('geometryVersions.spanDay', { version: span.version, date: day(span.firstDate) })
        : t('geometryVersions.span', { version: span.version, from: day(span.firstDate), to: day(span.lastDate) }),
    );
    // Version 0: a mask or camera point the heat names that is no longer on the plan; `since` is when it left.
    const key = element.current === 0 ? 'geometryVersions.removed' : 'geometryVersions.element';
    return t(key, { name: element.name, date: formatDate(element.since, locale), spans: spans.join(' · ') });
  });
  return [t('geometryVersions.mixed', { version: geometry.planVersion }), ...parts].join(' ');
}
