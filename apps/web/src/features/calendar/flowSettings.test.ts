import { FLOW_DEFAULTS, flowSettingsSchema, privacySettingsSchema } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { activityBandRanges, bandOrderError, bandsReady, defaultFlowSettings, depthBandRanges, FLOW_FIELD_SCHEMAS } from './flowSettings.ts';
import { numberLimitsOf } from './numberLimits.ts';

describe('flow configuration form', () => {
  it('starts from a copy of the contracts defaults that the server accepts', () => {
    const defaults = defaultFlowSettings();
    expect(defaults).toEqual(FLOW_DEFAULTS);
    defaults.depthBands.lightMinutes = 7;
    expect(FLOW_DEFAULTS.depthBands.lightMinutes).toBe(5);
    expect(flowSettingsSchema.safeParse(defaultFlowSettings()).success).toBe(true);
  });

  it('checks time to store as the server does: greater than 0, at most 90', () => {
    const rule = FLOW_FIELD_SCHEMAS.timeToStoreMinutes;
    expect(rule.safeParse(0).error?.issues[0]?.message).toBe('validation.compare|{"op":">","value":0}');
    expect(rule.safeParse(91).error?.issues[0]?.message).toBe('validation.compare|{"op":"<=","value":90}');
    expect(rule.safeParse(90).success).toBe(true);
    expect(rule.safeParse(0.5).success).toBe(true);
  });

  it('refuses depth bands that do not increase, with the contracts message', () => {
    expect(bandOrderError('depthBands', { lightMinutes: 10, moderateMinutes: 10, deepMinutes: 20 })).toBe('traffic.depthBandsOrder');
    expect(bandOrderError('depthBands', { lightMinutes: 5, moderateMinutes: 30, deepMinutes: 20 })).toBe('traffic.depthBandsOrder');
    expect(bandOrderError('depthBands', { lightMinutes: 3, moderateMinutes: 8, deepMinutes: 15 })).toBeNull();
  });

  it('refuses activity bands that do not increase, with the contracts message', () => {
    expect(bandOrderError('activityBands', { highWeeks: 2, moderateWeeks: 1, lowWeeks: 4 })).toBe('traffic.activityBandsOrder');
    expect(bandOrderError('activityBands', { highWeeks: 1, moderateWeeks: 3, lowWeeks: 6 })).toBeNull();
  });

  it('leaves a group whose own fields fail to their field rules', () => {
    expect(bandOrderError('depthBands', { lightMinutes: 0, moderateMinutes: 5, deepMinutes: 20 })).toBeNull();
    expect(bandOrderError('activityBands', { highWeeks: 1.5, moderateWeeks: 1, lowWeeks: 4 })).toBeNull();
  });

  it('explains the bands only when they are complete and in order', () => {
    expect(bandsReady('depthBands', { lightMinutes: 5, moderateMinutes: 10, deepMinutes: 20 })).toBe(true);
    expect(bandsReady('depthBands', { lightMinutes: 5, moderateMinutes: 10 })).toBe(false);
    expect(bandsReady('depthBands', { lightMinutes: 15, moderateMinutes: 10, deepMinutes: 20 })).toBe(false);
    expect(bandsReady('activityBands', undefined)).toBe(false);
  });

  it('describes depth bands as the rollups apply them (deep strictly above)', () => {
    expect(depthBandRanges({ lightMinutes: 5, moderateMinutes: 10, deepMinutes: 20 })).toEqual([
      { band: 'light', from: 5, to: 10 },
      { band: 'moderate', from: 10, to: 20 },
      { band: 'deep', from: 20, to: null },
    ]);
  });

  it('describes activity bands as weeks since the last visit, from 0', () => {
    expect(activityBandRanges({ highWeeks: 1, moderateWeeks: 2, lowWeeks: 4 })).toEqual([
      { band: 'high', from: 0, to: 1 },
      { band: 'moderate', from: 1, to: 2 },
      { band: 'low', from: 2, to: 4 },
    ]);
  });
});

describe('numberLimitsOf', () => {
  it('reads the bounds a contracts rule enforces', () => {
    expect(numberLimitsOf(FLOW_FIELD_SCHEMAS.timeToStoreMinutes)).toEqual({ lower: { op: '>', value: 0 }, upper: { op: '<=', value: 90 } });
    expect(numberLimitsOf(privacySettingsSchema.shape.retentionDays)).toEqual({ lower: { op: '>=', value: 30 }, upper: { op: '<=', value: 1095 } });
  });

  it('answers no bound where the rule has none', () => {
    expect(numberLimitsOf(privacySettingsSchema.shape.blurFaces)).toEqual({ lower: null, upper: null });
  });
});
