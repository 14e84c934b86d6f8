import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../features/session/afterSignIn.ts';

/** Opening /refresh?redirect=<path> re-mounts that page: the shell stays, the page starts over. */
export function refreshPathFor(pathWithSearch: string): string {
  return `/refresh?redirect=${encodeURIComponent(pathWithSearch)}`;
}

export function RefreshPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect')) ?? '/';
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}
