import { calendarOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { CalendarService } from './calendar.service.ts';

export function registerCalendarRoutes(app: FastifyInstance, calendar: CalendarService): void {
  registerOperation(app, calendarOperations.customerKvSettingGet, ({ request }) => calendar.getFlowSettings(actorOf(request)));
  registerOperation(app, calendarOperations.customerKvSettingUpdate, ({ body, request }) => calendar.updateFlowSettings(actorOf(request), body));

  registerOperation(app, calendarOperations.calendarEventList, ({ body, request }) => calendar.listEvents(actorOf(request), body));
  registerOperation(app, calendarOperations.calendarEventGet, ({ body, request }) => calendar.getEvent(actorOf(request), body.eventId));
  registerOperation(app, calendarOperations.calendarEventAdd, ({ body, request }) => calendar.addEvent(actorOf(request), body));
  registerOperation(app, calendarOperations.calendarEventUpdate, ({ body, request }) => calendar.updateEvent(actorOf(request), body));
  registerOperation(app, calendarOperations.calendarEventUpdateStatus, ({ body, request }) =>
    calendar.setEventStatus(actorOf(request), body.eventId, body.enabled),
  );

  registerOperation(app, calendarOperations.privacyGet, ({ request }) => calendar.getPrivacy(actorOf(request)));
  registerOperation(app, calendarOperations.privacyUpdate, ({ body, request }) => calendar.updatePrivacy(actorOf(request), body));
}
