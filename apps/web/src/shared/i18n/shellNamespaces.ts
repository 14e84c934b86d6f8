import { addNamespaceGroup, loadWholeMessageCatalogue, type ResourceModule, SHELL_NAMESPACES } from './i18n.ts';

// A separate glob, imported by the shell only: these translations are not fetched by /login.
const shellLoaders = import.meta.glob<ResourceModule>(
  '../../locales/*/{org,users,devices,messageCenter,analytics,traffic,calendar,sales,virtualStore,videoDownloads,singleLens,playback,floorplan,areaAnalysis,sop,inspectionPlans,webhooks,crowd,batch,boards,rectification,alarms,temperature,hygiene,extensions,aiTasks,warehouse}.json',
);

/** Loads the translations of the pages inside the app shell (in the current and every later language). */
export function loadShellNamespaces(): Promise<void> {
  return Promise.all([addNamespaceGroup(SHELL_NAMESPACES, shellLoaders), loadWholeMessageCatalogue()]).then(() => undefined);
}
