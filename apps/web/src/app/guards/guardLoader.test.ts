import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../shared/routing/types.ts';
import { createGuardLoader } from './guardLoader.ts';
import type { GuardDependencies } from './navigationGuard.ts';

const signedOut: GuardDependencies = {
  session: () => ({ signedIn: false, customerCode: null, rid: null }),
  restoreCustomer: async () => undefined,
  loadPermissionMap: async () => null,
  classifyFailure: () => 'other',
  logout: () => undefined,
  forgetCustomer: () => undefined,
  preload: async () => undefined,
  sectionsWithPages: () => [],
};
const signedIn: GuardDependencies = { ...signedOut, session: () => ({ signedIn: true, customerCode: 'c1', rid: 2061 }) };

const page = async () => ({ Component: () => null });
const personalInfo: AppRoute = { path: '/personalCenter/personalInfo', layout: 'shell', access: 'customer', meta: { titleKey: 'personal:title' }, page };

async function run(route: AppRoute, deps: GuardDependencies, url: string): Promise<string | null> {
  try {
    await createGuardLoader(route, deps)({ request: new Request(url), params: {}, context: undefined, unstable_pattern: '' } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('guard loader', () => {
  it('sends a signed-out visitor to /login and remembers where they were going', async () => {
    await expect(run(personalInfo, signedOut, 'http://app/personalCenter/personalInfo?tab=2')).resolves.toBe(
      '/login?redirect=%2FpersonalCenter%2FpersonalInfo%3Ftab%3D2',
    );
  });

  it('sends a signed-in user with no customer chosen to the picker, which continues to the page', async () => {
    const noCustomer: GuardDependencies = { ...signedOut, session: () => ({ signedIn: true, customerCode: '-1', rid: null }) };
    await expect(run(personalInfo, noCustomer, 'http://app/personalCenter/personalInfo')).resolves.toBe(
      '/selectCustomer?redirect=%2FpersonalCenter%2FpersonalInfo',
    );
  });

  it('does not add a redirect for the index route', async () => {
    const index: AppRoute = { path: '/', index: true, layout: 'shell', access: 'customer', meta: { titleKey: 'shell:home' } };
    await expect(run(index, signedOut, 'http://app/')).resolves.toBe('/login');
  });

  it('lets the page load when the guard proceeds', async () => {
    await expect(run(personalInfo, signedIn, 'http://app/personalCenter/personalInfo')).resolves.toBeNull();
  });

  it('forwards a redirect route after the guard', async () => {
    const center: AppRoute = {
      path: '/personalCenter',
      layout: 'shell',
      access: 'customer',
      meta: { titleKey: 'personal:center' },
      redirectTo: '/personalCenter/personalInfo',
    };
    await expect(run(center, signedIn, 'http://app/personalCenter')).resolves.toBe('/personalCenter/personalInfo');
  });
});
