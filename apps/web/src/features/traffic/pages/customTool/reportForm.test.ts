import type { ReportWithSalesDefinition as ReportDefinition, TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { treeNode as node, shopNode as shop } from '../../../../shared/analytics/testTree.ts';
import {
  definitionOf,
  formOfDefinition,
  granularityOfDimension,
  maxDaysForDimension,
  type ReportForm,
  rollingPreview,
  sameDefinition,
  uniqueIndicators,
} from './reportForm.ts';

const TREE: TreeNode[] = [
  node({
    key: 'o_root',
    name: 'Chain',
    orgType: 0,
    sublist: [shop('a'), shop('b'), shop('closed', { isClosed: true }), shop('foreign', { prmType: -1 })],
  }),
];

const FORM: ReportForm = {
  indicators: ['deepVisitRate', 'entries'],
  dimension: 'shopDay',
  range: { startDate: '2026-03-01', endDate: '2026-03-14' },
  shopIds: ['b', 'a'],
  rolling: null,
};

describe('custom report form and definition', () => {
  it('a form becomes the definition the server runs: indicators in the order picked, shops named', () => {
    expect(definitionOf(FORM)).toEqual({
      indicators: ['deepVisitRate', 'entries'],
      dimension: 'shopDay',
      startDate: '2026-03-01',
      endDate: '2026-03-14',
      shopIds: ['b', 'a'],
    });
  });

  it('a report mixing sales and traffic indicators keeps them in the order picked, each once', () => {
    const mixed: ReportForm = { ...FORM, indicators: ['netSales', 'entries', 'conversionRate', 'netSales'] };
    expect(definitionOf(mixed).indicators).toEqual(['netSales', 'entries', 'conversionRate']);
    expect(formOfDefinition(definitionOf(mixed), TREE, false).form.indicators).toEqual(['netSales', 'entries', 'conversionRate']);
  });

  it('a saved definition restores every choice', () => {
    const restored = formOfDefinition(definitionOf(FORM), TREE, false);
    expect(restored.droppedShops).toBe(0);
    expect(restored.form).toEqual(FORM);
    expect(definitionOf(restored.form)).toEqual(definitionOf(FORM));
  });

  it('saved shops that are gone, out of scope or hidden as closed drop out, and are counted', () => {
    const definition: ReportDefinition = { ...definitionOf(FORM), shopIds: ['a', 'gone', 'foreign', 'closed'] };
    expect(formOfDefinition(definition, TREE, false)).toMatchObject({ form: { shopIds: ['a', 'closed'] }, droppedShops: 2 });
    expect(formOfDefinition(definition, TREE, true)).toMatchObject({ form: { shopIds: ['a'] }, droppedShops: 3 });
  });

  it('a definition without shops (every shop the user may see) selects every selectable shop', () => {
    const definition: ReportDefinition = { ...definitionOf(FORM), shopIds: [] };
    expect(formOfDefinition(definition, TREE, false)).toMatchObject({ form: { shopIds: ['a', 'b', 'closed'] }, droppedShops: 0 });
    const { shopIds: _, ...withoutShops } = definition;
    expect(formOfDefinition(withoutShops, TREE, true).form.shopIds).toEqual(['a', 'b']);
  });

  it('two definitions give the same table whatever the order of their shops, but not of their indicators', () => {
    const definition = definitionOf(FORM);
    expect(sameDefinition(definition, { ...definition, shopIds: ['a', 'b'] })).toBe(true);
    expect(sameDefinition(definition, { ...definition, indicators: ['entries', 'deepVisitRate'] })).toBe(false);
    expect(sameDefinition(definition, { ...definition, shopIds: ['a'] })).toBe(false);
    expect(sameDefinition(definition, { ...definition, dimension: 'day' })).toBe(false);
    expect(sameDefinition(definition, { ...definition, endDate: '2026-03-15' })).toBe(false);
    expect(sameDefinition(definition, { ...definition, indicators: ['entries'] })).toBe(false);
  });

  it('a rolling range is saved as its rule, restored with it, and decides sameness instead of the dates', () => {
    const rolling: ReportForm = { ...FORM, range: rollingPreview('lastCompleteWeek', '2026-03-11'), rolling: 'lastCompleteWeek' };
    expect(rolling.range).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
    const definition = definitionOf(rolling);
    expect(definition).toMatchObject({ rolling: 'lastCompleteWeek', startDate: '2026-03-02', endDate: '2026-03-08' });
    expect(formOfDefinition(definition, TREE, false).form).toEqual(rolling);
    // Reopened a week later, the server answers the next week's dates: still the same report.
    expect(sameDefinition(definition, { ...definition, startDate: '2026-03-09', endDate: '2026-03-15' })).toBe(true);
    expect(sameDefinition(definition, { ...definition, rolling: 'yesterday' })).toBe(false);
    expect(sameDefinition(definition, definitionOf(FORM))).toBe(false);
    expect('rolling' in definitionOf(FORM)).toBe(false);
  });

  it('each dimension has the range limit the server applies to its granularity', () => {
    expect(granularityOfDimension('shop')).toBe('day');
    expect(granularityOfDimension('shopDay')).toBe('day');
    expect(granularityOfDimension('hour')).toBe('hour');
    expect(maxDaysForDimension('shop')).toBe(90);
    expect(maxDaysForDimension('shopDay')).toBe(90);
    expect(maxDaysForDimension('day')).toBe(90);
    expect(maxDaysForDimension('hour')).toBe(31);
    expect(maxDaysForDimension('week')).toBe(366);
    expect(maxDaysForDimension('month')).toBe(366);
  });

  it('keeps indicators in the order picked, each once', () => {
    expect(uniqueIndicators(['avgDwellMinutes', 'entries', 'entries', 'captureRate'])).toEqual(['avgDwellMinutes', 'entries', 'captureRate']);
  });
});
