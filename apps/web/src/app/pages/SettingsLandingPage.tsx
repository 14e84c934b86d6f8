import { Navigate } from 'react-router';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { FORBIDDEN_PATH } from '../guards/navigationGuard.ts';
import { appRegistry } from '../routes.ts';
import { resolveSettingsLanding } from '../settingsLanding.ts';

/** `/settings` forwards to the first settings page the user may open (the guard has loaded the map). */
export function SettingsLandingPage() {
  const rid = useSessionStore((state) => state.rid);
  const map = useSessionStore((state) => state.permissionMap);
  const target = resolveSettingsLanding(rid, map, appRegistry.menuRoutes('settings'));
  return <Navigate to={target ?? FORBIDDEN_PATH} replace />;
}
