import { describe, expect, it } from 'vitest';
import { ALARM_DETAIL_PATH, alarmDebugDetailPath, alarmPathOfNotice, alarmRoutes, incidentAlarmPath } from './routes.tsx';

describe('alarm routes', () => {
  it('leads an alarm message to the alarm’s detail page, and leaves other messages alone', () => {
    expect(alarmPathOfNotice('alarms.raised', 'a1')).toBe(`${ALARM_DETAIL_PATH}?alarmId=a1`);
    expect(alarmPathOfNotice('camera_offline', 'c1')).toBeNull();
    expect(alarmPathOfNotice('alarms.raised', null)).toBeNull();
  });

  it('hides the detail page under the alarm messages, behind the AI inspection flag', () => {
    const detail = alarmRoutes.find((route) => route.path === ALARM_DETAIL_PATH);
    expect(detail?.meta).toMatchObject({ hideInMenu: true, parent: '/AIInspection/alarmMessage', permission: 'cueretail_shopinspect_alert_show' });
    expect(alarmRoutes.find((route) => route.path === '/AIInspection')?.redirectTo).toBe('/AIInspection/alarmMessage');
  });

  it('puts incident reports, analysis and event debugging behind their own menu flags, debugging in its own group', () => {
    const meta = (path: string) => alarmRoutes.find((route) => route.path === path)?.meta;
    expect(meta('/AIInspection/ReportIncident')).toMatchObject({ permission: 'cueretail_shopinspect_ai_errorreportlist', menuGroupKey: 'alarms:menu.group' });
    expect(meta('/AIInspection/ReportIncident/alarmDetail')).toMatchObject({ hideInMenu: true, parent: '/AIInspection/ReportIncident' });
    expect(meta('/AIInspection/inspectionAnalysis')).toMatchObject({ permission: 'cueretail_shopinspect_ai_analysis' });
    for (const path of ['/eventDebug', '/eventDebug/alarmDetailDebug', '/eventDebugDel'])
      expect(meta(path), path).toMatchObject({ permission: 'cueretail_shopinspect_alert_debug', menuGroupKey: 'alarms:menu.debugGroup' });
    expect(meta('/eventDebug/alarmDetailDebug')).toMatchObject({ hideInMenu: true, parent: '/eventDebug' });
    expect(incidentAlarmPath('a 1')).toBe('/AIInspection/ReportIncident/alarmDetail?alarmId=a%201');
    expect(alarmDebugDetailPath('r1')).toBe('/eventDebug/alarmDetailDebug?reportId=r1');
  });
});
