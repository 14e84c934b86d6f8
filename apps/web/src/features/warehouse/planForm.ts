import { WAREHOUSE_LIMITS, type WarehousePlanAddRequest } from '@storelens/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The warehouse plan form's values (antd Form): pickers hold dayjs values, the request holds dates and HH:mm. */
export interface WarehousePlanFormValues {
  name: string;
  description: string;
  shopIds: string[];
  cameraIds: string[];
  checkTimes: string[];
  windowMinutes: number;
  validity: [Dayjs, Dayjs] | null;
  handlerIds: string[];
}

const MINUTES_PER_DAY = 24 * 60;
/** The times offered for a check: every quarter of an hour (the server takes any HH:mm; a quarter is what people plan in). */
export const CHECK_TIME_STEP_MINUTES = 15;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every offered check time of a day, in order. */
export const checkTimeChoices = (): string[] =>
  Array.from({ length: MINUTES_PER_DAY / CHECK_TIME_STEP_MINUTES }, (_, index) => hhmm(index * CHECK_TIME_STEP_MINUTES));

/** A new plan: the coming 30 days, a morning and an evening check, the default window. */
export function emptyWarehousePlanForm(today: Dayjs = dayjs()): WarehousePlanFormValues {
  return {
    name: '',
    description: '',
    shopIds: [],
    cameraIds: [],
    checkTimes: ['10:00', '16:00'],
    windowMinutes: WAREHOUSE_LIMITS.windowMinutesDefault,
    validity: [today.startOf('day'), today.startOf('day').add(29, 'day')],
    handlerIds: [],
  };
}

/** The check times whose window would run past the store's midnight (the server refuses them: 'warehouse.windowPastMidnight'). */
export function timesPastMidnight(checkTimes: readonly string[], windowMinutes: number): string[] {
  return checkTimes.filter((time) => minutesOf(time) + windowMinutes > MINUTES_PER_DAY);
}

/** The chosen stores none of whose cameras was chosen (the server refuses them: 'warehouse.storeWithoutCamera'). */
export function storesWithoutCamera(shopIds: readonly string[], cameraIds: readonly string[], camerasOfShop: (shopId: string) => readonly string[]): string[] {
  const chosen = new Set(cameraIds);
  return shopIds.filter((shopId) => !camerasOfShop(shopId).some((cameraId) => chosen.has(cameraId)));
}

/**
 * The request of the form; the server checks it again with the same contracts rules. Cameras of a
 * store taken off the list go with it, and the times are sent in the day's order.
 */
export function warehousePlanRequestOf(values: WarehousePlanFormValues, camerasOfShop: (shopId: string) => readonly string[]): WarehousePlanAddRequest {
  const offered = new Set(values.shopIds.flatMap((shopId) => camerasOfShop(shopId)));
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    shopIds: values.shopIds,
    cameraIds: values.cameraIds.filter((cameraId) => offered.has(cameraId)),
    checkTimes: [...new Set(values.checkTimes)].sort((a, b) => minutesOf(a) - minutesOf(b)),
    windowMinutes: values.windowMinutes,
    validFrom: values.validity?.[0].format('YYYY-MM-DD') ?? '',
    validTo: values.validity?.[1].format('YYYY-MM-DD') ?? '',
    handlerIds: values.handlerIds,
  };
}
