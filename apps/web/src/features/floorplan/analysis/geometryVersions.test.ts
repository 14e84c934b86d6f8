import { type GeometryVersions, LOCALES, type Locale } from '@storelens/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/areaAnalysis.json';
import jp from '../../../locales/jp/areaAnalysis.json';
import kr from '../../../locales/kr/areaAnalysis.json';
import zh from '../../../locales/zh/areaAnalysis.json';
import { geometryVersionsText, mergeGeometry } from './geometryVersions.ts';

const CATALOGUES = { en, zh, kr, jp } as const;

async function translator(locale: Locale) {
  const instance = i18next.createInstance();
  await instance.init({ lng: locale, resources: { [locale]: { areaAnalysis: CATALOGUES[locale] } }, interpolation: { escapeValue: false } });
  return instance.getFixedT(locale, 'areaAnalysis') as (key: string, params?: Record<string, string | number>) => string;
}

const shelf = (spans: GeometryVersions['elements'][number]['spans']) => ({
  elementId: 'shelf',
  name: 'Shelf A',
  current: 2,
  since: '2026-03-10T06:00:00.000Z',
  spans,
});
const current: GeometryVersions = { planVersion: 9, elements: [shelf([{ version: 2, firstDate: '2026-03-08', lastDate: '2026-03-11' }])] };
const across: GeometryVersions = {
  planVersion: 9,
  elements: [
    shelf([
      { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-09' },
      { version: 2, firstDate: '2026-03-11', lastDate: '2026-03-11' },
    ]),
  ],
};

describe('the geometry-version line', () => {
  it.each(LOCALES)('names the plan version when every figure is from the current versions, and each older span otherwise (%s)', async (locale) => {
    const t = await translator(locale);
    expect(geometryVersionsText(current, t, locale)).toBe(t('geometryVersions.current', { version: 9 }));
    const text = geometryVersionsText(across, t, locale) ?? '';
    expect(text.startsWith(t('geometryVersions.mixed', { version: 9 }))).toBe(true);
    expect(text).toContain(t('geometryVersions.span', { version: 1, from: '2026-03-08', to: '2026-03-09' }));
    expect(text).toContain(t('geometryVersions.spanDay', { version: 2, date: '2026-03-11' }));
    expect(text).toContain('Shelf A');
    // No key is left untranslated.
    expect(text).not.toMatch(/geometryVersions\.|\{\{/);
  });

  it.each(LOCALES)('says a mask or camera point the heat names is no longer on the plan, with its days (%s)', async (locale) => {
    const t = await translator(locale);
    const wall = {
      elementId: 'wall',
      name: 'Wall',
      current: 0,
      since: '2026-03-11T07:00:00.000Z',
      spans: [{ version: 2, firstDate: '2026-03-09', lastDate: '2026-03-11' }],
    };
    const text = geometryVersionsText({ planVersion: 9, elements: [wall] }, t, locale) ?? '';
    const span = t('geometryVersions.span', { version: 2, from: '2026-03-09', to: '2026-03-11' });
    expect(text).toContain(t('geometryVersions.removed', { name: 'Wall', date: '2026-03-11', spans: span }));
    expect(text).not.toContain(t('geometryVersions.element', { name: 'Wall', date: '2026-03-11', spans: span }));
    expect(text).not.toMatch(/geometryVersions\.|\{\{/);
  });

  it('says nothing when no element has figures in the range', async () => {
    const t = await translator('en');
    expect(geometryVersionsText({ planVersion: 3, elements: [shelf([])] }, t, 'en')).toBeNull();
    expect(geometryVersionsText(mergeGeometry([undefined, null]), t, 'en')).toBeNull();
  });

  it('merges the answers of one page: each version once, over the widest days', () => {
    const merged = mergeGeometry([across, { planVersion: 9, elements: [shelf([{ version: 2, firstDate: '2026-03-10', lastDate: '2026-03-11' }])] }]);
    expect(merged?.elements).toHaveLength(1);
    expect(merged?.elements[0]?.spans).toEqual([
      { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-09' },
      { version: 2, firstDate: '2026-03-10', lastDate: '2026-03-11' },
    ]);
    // The answers it came from are left as they were.
    expect(across.elements[0]?.spans[1]).toEqual({ version: 2, firstDate: '2026-03-11', lastDate: '2026-03-11' });
  });
});
