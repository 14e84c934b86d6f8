import { deviceEventSchema } from '@storelens/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time/local-time.ts';
import { DEMO_AI_TASKS } from './demo-ai-tasks.ts';
import { alarmEventsOf, demoAlarmStills } from './demo-alarms.ts';
import { createSimulator, localInstant, openingMinutes, type SimShop } from './simulator.ts';

const SEED = 20_260_301;

async function shop(overrides: Partial<SimShop> = {}): Promise<SimShop> {
  return {
    device: { customerId: 'c', boxId: 'b', shopId: 's' },
    number: 'AL-1',
    timeZone: 'Asia/Shanghai',
    shopType: 'direct',
    businessHours: '10:00-22:00',
    staffCount: 4,
    country: null,
    entranceCameraIds: ['cam-door'],
    zoneCameraIds: ['cam-counter', 'cam-shelf'],
    baseVisits: 150,
    alarms: { stills: await demoAlarmStills() },
    ...overrides,
  };
}

const dates = Array.from({ length: 60 }, (_, index) => addDays('2026-03-01', index));

describe('the demo boxes’ AI alarms', () => {
  it('are a few a store-day, valid device-API alarm events of the demo AI tasks’ items, each with a real JPEG still', async () => {
    const simShop = await shop();
    const [open, close] = openingMinutes(simShop.businessHours);
    const all = dates.flatMap((date) => alarmEventsOf(simShop, date, SEED, { open, close }, localInstant));
    const perDay = all.length / dates.length;
    expect(perDay).toBeGreaterThan(1);
    expect(perDay).toBeLessThan(3);
    const codes = new Set(DEMO_AI_TASKS.flatMap((task) => task.codes));
    for (const { event, sendAt } of all) {
      expect(deviceEventSchema.safeParse(event).success).toBe(true);
      if (event.type !== 'alarm') throw new Error('not an alarm');
      expect(codes.has(event.eventCode), event.eventCode).toBe(true);
      expect(sendAt).toBeGreaterThan(Date.parse(event.at));
      expect(event.images).toHaveLength(1);
    }
    const first = all[0]?.event;
    if (first?.type !== 'alarm') throw new Error('not an alarm');
    const still = await sharp(Buffer.from(first.images?.[0]?.image ?? '', 'base64')).metadata();
    expect(still).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
  });

  it('raise counter items on the first camera and empty shelves on the last, in business hours; night items after closing', async () => {
    const simShop = await shop();
    const [open, close] = openingMinutes(simShop.businessHours);
    const all = dates.flatMap((date) => alarmEventsOf(simShop, date, SEED, { open, close }, localInstant).map((timed) => ({ date, event: timed.event })));
    const localMinute = (iso: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
      return Number(parts.slice(0, 2)) * 60 + Number(parts.slice(3, 5));
    };
    let nights = 0;
    for (const { event } of all) {
      if (event.type !== 'alarm') continue;
      const minute = localMinute(event.at);
      if (['no_staff_at_counter', 'staff_on_phone', 'no_uniform'].includes(event.eventCode)) expect(event.cameraId).toBe('cam-door');
      if (event.eventCode === 'empty_shelf') expect(event.cameraId).toBe('cam-shelf');
      if (['door_left_open', 'smoking', 'rodent'].includes(event.eventCode)) {
        nights += 1;
        expect(minute >= close % 1440 || minute < open).toBe(true);
      } else {
        expect(minute).toBeGreaterThanOrEqual(open);
        expect(minute).toBeLessThan(close);
      }
    }
    expect(nights).toBeGreaterThan(0);
  });

  it('are the same for the same seed, none before their first date, none without cameras, and part of a day’s events', async () => {
    const simShop = await shop();
    const [open, close] = openingMinutes(simShop.businessHours);
    const once = alarmEventsOf(simShop, '2026-03-05', SEED, { open, close }, localInstant);
    expect(alarmEventsOf(simShop, '2026-03-05', SEED, { open, close }, localInstant)).toEqual(once);
    const later = await shop({ alarms: { stills: await demoAlarmStills(), fromDate: '2026-03-10' } });
    expect(alarmEventsOf(later, '2026-03-05', SEED, { open, close }, localInstant)).toEqual([]);
    expect(alarmEventsOf(await shop({ entranceCameraIds: [], zoneCameraIds: [] }), '2026-03-05', SEED, { open, close }, localInstant)).toEqual([]);
    const day = dates.find((date) => alarmEventsOf(simShop, date, SEED, { open, close }, localInstant).length > 0) as string;
    const events = createSimulator(SEED).dayEvents(simShop, day);
    expect(events.filter((timed) => timed.event.type === 'alarm').length).toBeGreaterThan(0);
  });
});
