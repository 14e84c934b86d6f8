import { translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, type Lang, messageShown, press, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';
import { visibleFeedback } from '../support/flows.ts';

const FLOW_CONF = '/settings/passengerFlow/flowConf';
const CUSTOM_CALENDAR = '/settings/passengerFlow/customCalendar';
const PRIVACY = '/settings/passengerFlow/privacy';

interface FlowSettings {
  deepVisitMinutes: number;
  depthBands: { lightMinutes: number; moderateMinutes: number; deepMinutes: number };
  activityBands: { highWeeks: number; moderateWeeks: number; lowWeeks: number };
  timeToStoreMinutes: number;
}
interface CalendarEventRow {
  eventId: string;
  name: string;
  startDate: string;
  endDate: string;
  enabled: boolean;
  shops: { name: string }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();

async function openFlowConf(page: Page): Promise<void> {
  await page.goto(FLOW_CONF);
  await page.getByTestId('flow-deep-visit').waitFor({ timeout: 20_000 });
}

/** A call of the API as the web app makes it, in a given language (messages follow Accept-Language). */
async function postIn(api: ApiSession, lang: Lang, path: string, body: unknown): Promise<{ status: number; msg: string }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}`, 'x-customer-code': api.cid, 'accept-language': lang },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string };
}

/** Types a date into one end of the antd range picker (0 start, 1 end) and confirms it. */
async function typeDate(page: Page, testId: string, end: 0 | 1, date: string): Promise<void> {
  await page.getByTestId(testId).locator('input').nth(end).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** Ticks a store in the open shop-tree picker, searched by name first (the tree is virtual). */
async function tickShop(page: Page, pickerTestId: string, name: string): Promise<void> {
  await textBox(page, `${pickerTestId}-search`).fill(name);
  const node = page.getByTestId(`${pickerTestId}-panel`).locator('.ant-tree-treenode').filter({ hasText: name });
  await expect.poll(() => node.count(), { timeout: 10_000 }).toBe(1);
  await node.locator('.ant-tree-checkbox').click();
}

describe('customer-flow settings', () => {
  it('saves a new deep-visit threshold that is still there after a reload', async () => {
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const before = (await api.post<{ settings: FlowSettings }>('/customerKvSetting/get')).data.settings;
    const wanted = before.deepVisitMinutes === 7 ? 8 : 7;
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    try {
      await openFlowConf(page);
      expect(await page.getByTestId('flow-deep-visit').inputValue()).toBe(String(before.deepVisitMinutes));
      expect(await page.getByTestId('flow-depth-summary').innerText()).toContain(
        `Light: ${before.depthBands.lightMinutes}–${before.depthBands.moderateMinutes} min`,
      );
      await page.getByTestId('flow-deep-visit').fill(String(wanted));
      await page.getByTestId('flow-deep-visit').blur();
      await page.getByTestId('flow-save').click();
      await messageShown(page, 'Flow configuration saved');
      await shot(page, 'flow-conf-en');

      await page.reload();
      await page.getByTestId('flow-deep-visit').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('flow-deep-visit').inputValue()).toBe(String(wanted));
      expect(await page.getByTestId('settings-updated-at').innerText()).toContain('Last saved');
      const saved = (await api.post<{ settings: FlowSettings }>('/customerKvSetting/get')).data.settings;
      expect(saved).toEqual({ ...before, deepVisitMinutes: wanted });
    } finally {
      // Leave the demo as it was for whoever comes next.
      await api.post('/customerKvSetting/update', before);
      await context.close();
    }
  });

  it.each(['en', 'kr'] as const)("shows the server's message for a time to store of 0 (%s)", async (lang) => {
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const current = (await api.post<{ settings: FlowSettings }>('/customerKvSetting/get')).data.settings;
    // What the server answers, in the language of the request.
    const refused = await postIn(api, lang, '/customerKvSetting/update', { ...current, timeToStoreMinutes: 0 });
    expect(refused.status).toBe(400);
    const expected = translateMessage(lang, 'validation.compare', { op: '>', value: 0 });
    expect(refused.msg).toBe(expected);

    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
    try {
      await openFlowConf(page);
      const box = page.getByTestId('flow-time-to-store');
      // The form receives the saved settings right after it first renders: type only once they are in,
      // or they overwrite what was typed (seen once on a loaded CI machine).
      await expect.poll(() => box.inputValue()).toBe(String(current.timeToStoreMinutes));
      await box.fill('0');
      await box.blur();
      await expect.poll(() => page.getByTestId('flow-section-time-to-store').innerText()).toContain(expected);
      // Saving is refused on the page: nothing reaches the server.
      await page.getByTestId('flow-save').click();
      await page.waitForTimeout(500);
      expect((await api.post<{ settings: FlowSettings }>('/customerKvSetting/get')).data.settings.timeToStoreMinutes).toBe(current.timeToStoreMinutes);
      await box.fill('91');
      await box.blur();
      await expect
        .poll(() => page.getByTestId('flow-section-time-to-store').innerText())
        .toContain(translateMessage(lang, 'validation.compare', { op: '<=', value: 90 }));
      await box.fill('0');
      await box.blur();
      await page.getByTestId('flow-section-time-to-store').scrollIntoViewIfNeeded();
      await shot(page, `flow-conf-time-to-store-${lang}`);
      await page.getByTestId('flow-section-deep-visit').scrollIntoViewIfNeeded();
      await shot(page, `flow-conf-top-${lang}`);
    } finally {
      await context.close();
    }
  });

  it('adds a calendar event for two stores, disables it and still lists it', async () => {
    const name = `E2E Promotion ${suffix}`;
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(CUSTOM_CALENDAR);
    await page.getByTestId('event-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('event-add').click();
    await page.getByTestId('event-form-name').waitFor();

    // Saving an empty form names what is missing, with the contracts' message.
    await press(page, 'event-form-submit');
    await expect.poll(() => page.getByTestId('event-form').innerText()).toContain('Required Field');

    await page.getByTestId('event-form-name').fill(name);
    await typeDate(page, 'event-form-dates', 0, '2026-12-05');
    await typeDate(page, 'event-form-dates', 1, '2026-12-07');
    await page.getByTestId('event-form-description').fill('Two Shanghai stores, weekend promotion');
    await page.getByTestId('event-form-shops').click();
    await tickShop(page, 'event-form-shops', 'Shanghai Nanjing Road');
    await tickShop(page, 'event-form-shops', 'Shanghai Lujiazui');
    await page.getByTestId('event-form-shops-ok').click();
    await expect.poll(() => page.getByTestId('event-form-shops-chosen').innerText()).toContain('Shanghai Lujiazui');
    await shot(page, 'custom-calendar-add-en');
    await press(page, 'event-form-submit');
    await messageShown(page, 'Calendar event added');

    await textBox(page, 'event-search').fill(name);
    const row = rowWith(page, 'event-table', name);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('2026-12-05 ~ 2026-12-07');
    expect(text).toContain('Shanghai Nanjing Road');
    expect(text).toContain('Shanghai Lujiazui');

    await row.locator('.ant-switch').click();
    await messageShown(page, `${name} disabled`);
    await expect.poll(() => row.locator('.ant-switch').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('event-status-filter').getByText('Disabled', { exact: true }).click();
    await expect.poll(() => rowWith(page, 'event-table', name).count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('event-status-filter').getByText('Enabled', { exact: true }).click();
    await expect.poll(() => rowWith(page, 'event-table', name).count(), { timeout: 15_000 }).toBe(0);
    await context.close();

    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const listed = (await api.post<{ list: CalendarEventRow[] }>('/calendarEvent/list', { keyword: name })).data.list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name, startDate: '2026-12-05', endDate: '2026-12-07', enabled: false });
    expect(listed[0]?.shops.map((shop) => shop.name).sort()).toEqual(['Shanghai Lujiazui', 'Shanghai Nanjing Road']);
  });

  it('privacy asks before shortening the retention and saves it', async () => {
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const before = (await api.post<{ settings: { blurFaces: boolean; retentionDays: number } }>('/privacy/get')).data.settings;
    const shorter = before.retentionDays - 10;
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    try {
      await page.goto(PRIVACY);
      const days = page.getByTestId('privacy-retention-days');
      await days.waitFor({ timeout: 20_000 });
      await days.fill('29');
      await days.blur();
      await expect
        .poll(() => page.getByTestId('privacy-section-retention').innerText())
        .toContain(translateMessage('en', 'validation.compare', { op: '>=', value: 30 }));
      await days.fill(String(shorter));
      await days.blur();
      expect(await page.getByTestId('privacy-retention-summary').innerText()).toContain(`older than ${shorter} days are deleted`);
      await page.getByTestId('privacy-save').click();
      await page.getByTestId('confirm-modal-ok').waitFor();
      expect(await visibleFeedback(page)).toContain(`from ${before.retentionDays} to ${shorter} days`);
      await press(page, 'confirm-modal-ok');
      await messageShown(page, 'Privacy settings saved');
      await shot(page, 'privacy-en');
      expect((await api.post<{ settings: { retentionDays: number } }>('/privacy/get')).data.settings.retentionDays).toBe(shorter);
    } finally {
      await api.post('/privacy/update', before);
      await context.close();
    }
  });

  it('shows the custom calendar and privacy in Korean', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, 'kr');
    try {
      await page.goto(CUSTOM_CALENDAR);
      await page.getByTestId('event-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await shot(page, 'custom-calendar-kr');
      await page.getByTestId('event-add').click();
      await page.getByTestId('event-form-name').waitFor();
      await press(page, 'event-form-submit');
      await expect.poll(() => page.getByTestId('event-form').innerText()).toContain(translateMessage('kr', 'validation.required'));
      await shot(page, 'custom-calendar-add-kr');
      await page.keyboard.press('Escape');
      await page.goto(PRIVACY);
      await page.getByTestId('privacy-retention-days').waitFor({ timeout: 20_000 });
      await shot(page, 'privacy-kr');
    } finally {
      await context.close();
    }
  });

  it('bars the observer from privacy and the custom calendar; the flow configuration is read only', async () => {
    const observer = await signedInPage(browser, DEMO.observer.account, DEMO.observer.password);
    try {
      await observer.page.goto(PRIVACY);
      await observer.page.waitForURL((url) => url.pathname === '/403');
      await observer.page.goto(CUSTOM_CALENDAR);
      await observer.page.waitForURL((url) => url.pathname === '/403');
      await openFlowConf(observer.page);
      await observer.page.getByTestId('flow-read-only').waitFor();
      expect(await observer.page.getByTestId('flow-save').count()).toBe(0);
      expect(await observer.page.getByTestId('flow-deep-visit').isDisabled()).toBe(true);
      await shot(observer.page, 'flow-conf-observer-en');
    } finally {
      await observer.context.close();
    }
    const observerApi = await apiSignIn(DEMO.observer.account, DEMO.observer.password);
    expect((await observerApi.post('/privacy/get')).status).toBe(403);
    expect((await observerApi.post('/calendarEvent/list')).status).toBe(403);
  });

  it('shows customer-wide settings read only, with the reason, to a store manager; the server refuses the save', async () => {
    const store = await signedInPage(browser, DEMO.store.account, DEMO.store.password);
    try {
      await store.page.goto(PRIVACY);
      await store.page.getByTestId('customer-wide-notice').waitFor({ timeout: 20_000 });
      expect(await store.page.getByTestId('privacy-save').isDisabled()).toBe(true);
      await shot(store.page, 'privacy-store-manager-en');
      await openFlowConf(store.page);
      await store.page.getByTestId('customer-wide-notice').waitFor();
      expect(await store.page.getByTestId('flow-deep-visit').isDisabled()).toBe(true);
    } finally {
      await store.context.close();
    }
    const storeApi = await apiSignIn(DEMO.store.account, DEMO.store.password);
    expect((await storeApi.post('/privacy/update', { blurFaces: true, retentionDays: 30 })).status).toBe(403);
  });

  it('/passengerFlow opens the flow configuration', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto('/passengerFlow');
    await page.waitForURL((url) => url.pathname === FLOW_CONF);
    await page.getByTestId('flow-deep-visit').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
