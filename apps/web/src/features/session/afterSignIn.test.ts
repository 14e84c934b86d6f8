import { describe, expect, it } from 'vitest';
import { nextStepAfterSignIn, safeRedirectPath } from './afterSignIn.ts';

const acme = { cid: 'c1', cname: 'Acme' };
const globex = { cid: 'c2', cname: 'Globex' };

describe('after sign-in', () => {
  it('selects the only customer at once', () => {
    expect(nextStepAfterSignIn([acme], null)).toEqual({ kind: 'select', cid: 'c1' });
  });

  it('opens the picker when there are several', () => {
    expect(nextStepAfterSignIn([acme, globex], null)).toEqual({ kind: 'pick' });
  });

  it('selects the customer asked for by ?selectCustomer= when the user has it', () => {
    expect(nextStepAfterSignIn([acme, globex], 'c2')).toEqual({ kind: 'select', cid: 'c2' });
    expect(nextStepAfterSignIn([acme, globex], 'c9')).toEqual({ kind: 'pick' });
  });

  it('reports a user without customers', () => {
    expect(nextStepAfterSignIn([], 'c1')).toEqual({ kind: 'noCustomer' });
  });

  it('accepts only same-origin redirect paths', () => {
    expect(safeRedirectPath('/personalCenter/personalInfo?x=1')).toBe('/personalCenter/personalInfo?x=1');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('/login')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
