import { BRAND_PRIMARY } from '../ui/theme.ts';

/**
 * The chart palette of spec section 9: seven colours, the brand blue first. Series take them in
 * order; a comparison series (last week, the previous period) takes the last, a neutral grey.
 */
export const CHART_PALETTE = [BRAND_PRIMARY, '#13c2c2', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#8c8c8c'] as const;

/** The palette's grey: what a page compares against (same weekday last week, previous range). */
export const COMPARISON_COLOUR = CHART_PALETTE[6];

/** Calendar marks on trend charts: public holidays and the customer's own calendar events. */
export const HOLIDAY_MARK_COLOUR = 'rgba(245, 34, 45, 0.08)';
export const EVENT_MARK_COLOUR = 'rgba(250, 140, 22, 0.12)';
/** Wet days (rain or snow where most of the selected shops are) on trend charts. */
export const WET_WEATHER_MARK_COLOUR = 'rgba(22, 119, 255, 0.10)';
/** Partial buckets (the period still running, or only part of it in the range) on charts: a grey band. */
export const PARTIAL_MARK_COLOUR = 'rgba(0, 0, 0, 0.05)';
/** Buckets with incomplete data (a store's devices silent in a business hour) on charts: an amber band. */
export const INCOMPLETE_MARK_COLOUR = 'rgba(250, 173, 20, 0.14)';
