import type { AppRoute } from '../../shared/routing/types.ts';

export const TEMPERATURE_PATH = '/temperature';

/**
 * Temperature monitoring (issue 16 section 1, spec section 2 `/temperature`): the extension services
 * tab's target (extservice_nav), shown by its temperature group flag (cueretail_ext_temperature).
 */
export const temperatureRoutes: readonly AppRoute[] = [
  {
    path: TEMPERATURE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'temperature:menu.temperature',
      section: 'service',
      permission: 'cueretail_ext_temperature',
      requires: ['extservice_nav'],
      menuIcon: 'temperature',
      keepAlive: true,
      preload: ['shopTree'],
    },
    page: () => import('./pages/TemperaturePage.tsx').then((module) => ({ Component: module.TemperaturePage })),
  },
];

/** Where a temperature alert of the message center leads. */
export function temperaturePathOfNotice(source: string | null, refId: string | null): string | null {
  if (!source?.startsWith('temperature.') || !refId) return null;
  return `${TEMPERATURE_PATH}?alertId=${encodeURIComponent(refId)}`;
}
