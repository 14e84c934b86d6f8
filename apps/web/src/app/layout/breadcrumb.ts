import type { AppRoute } from '../../shared/routing/types.ts';

export interface BreadcrumbEntry {
  /** The path up to this segment. */
  key: string;
  /** The route's title key, or null when no route is registered at this path (the raw segment shows). */
  titleKey: string | null;
  segment: string;
  /** Intermediate segments link to their route (with the query parameters it asks to carry). */
  to?: string;
}

/**
 * The breadcrumb of spec section 2: one entry per path segment, 'settings' skipped; intermediate
 * entries link to their route, some carrying planId, or planId and batchId, from the current URL.
 */
export function buildBreadcrumb(pathname: string, search: string, find: (path: string) => AppRoute | undefined): BreadcrumbEntry[] {
  const segments = pathname.split('/').filter(Boolean);
  const params = new URLSearchParams(search);
  const entries: BreadcrumbEntry[] = [];
  let prefix = '';
  segments.forEach((segment, position) => {
    prefix += `/${segment}`;
    if (segment === 'settings') return;
    const route = find(prefix);
    // A middle segment that only leads back to the list before it (…/taskTodo/afterDeal redirects
    // to …/taskTodo, under the same title) would read as the same crumb twice.
    const previous = entries.at(-1);
    if (route?.redirectTo && previous && route.redirectTo === previous.key && route.meta.titleKey === previous.titleKey) return;
    const entry: BreadcrumbEntry = { key: prefix, titleKey: route?.meta.titleKey ?? null, segment: safeDecode(segment) };
    const isLast = position === segments.length - 1;
    if (!isLast && route && (route.page || route.redirectTo)) entry.to = prefix + carriedQuery(route, params);
    entries.push(entry);
  });
  return entries;
}

function carriedQuery(route: AppRoute, params: URLSearchParams): string {
  const carried = new URLSearchParams();
  for (const name of route.meta.breadcrumbQuery ?? []) {
    const value = params.get(name);
    if (value !== null) carried.set(name, value);
  }
  const text = carried.toString();
  return text ? `?${text}` : '';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
