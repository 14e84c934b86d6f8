import type { TodoDetail, TodoRow, TreeNode } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, shot, uniqueSuffix } from '../support/admin.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';
import { signInThroughPage, stepTrail, within } from '../support/flows.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();
const STORE = 'Shanghai Lujiazui';

function findShop(nodes: readonly TreeNode[], name: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.shopId && node.name === name) return node;
    const below = findShop(node.sublist, name);
    if (below) return below;
  }
  return undefined;
}

/** Today's date in a time zone (YYYY-MM-DD). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('on-site inspection offline', () => {
  it('fills the checklist with a photo offline, keeps the queued work over a reload, and sends it once when the network is back', async ({ onTestFailed }) => {
    const trail = stepTrail('inspection-offline');
    let page: Page | undefined;
    onTestFailed(() => trail.report(page));
    // Today's work for the administrator in one store: a single plan of two new items, all day.
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const me = await api.post<{ uid: string }>('/current/getUserInfo');
    const tree = await api.post<TreeNode[]>('/current/shoptree', {});
    const shop = findShop(tree.data, STORE);
    expect(shop?.shopId, `${STORE} in the shop tree`).toBeTruthy();
    const category = await api.post<{ categoryId: string }>('/inspection/siClass/add', { name: `Offline ${suffix}` });
    expect(category.status, category.msg).toBe(200);
    const itemIds: string[] = [];
    for (const name of [`Door clear ${suffix}`, `Floor dry ${suffix}`]) {
      const item = await api.post<{ itemId: string }>('/inspection/siItem/add', { categoryId: category.data.categoryId, name });
      expect(item.status, item.msg).toBe(200);
      itemIds.push(item.data.itemId);
    }
    const date = todayIn(shop?.timeZone ?? 'Asia/Shanghai');
    const plan = await api.post<{ planId: string }>('/inspection/plan/add', {
      name: `Offline check ${suffix}`,
      kind: 'single',
      shopIds: [shop?.shopId],
      itemIds,
      validFrom: date,
      validTo: date,
      periodStart: '00:00',
      periodEnd: '24:00',
      handlerIds: [me.data.uid],
    });
    expect(plan.status, plan.msg).toBe(200);
    const assignmentOf = async () =>
      (await api.post<{ list: TodoRow[] }>('/inspection/todo/list', { page: 1, pageSize: 50, keyword: suffix })).data.list.find(
        (row) => row.planId === plan.data.planId,
      )?.assignmentId;
    trail.step('plan added');
    await expect.poll(assignmentOf, { timeout: 30_000 }).toBeTruthy();
    const assignmentId = (await assignmentOf()) ?? '';

    // A phone-sized page, signed in, on the assignment; the page says once it may go offline.
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    try {
      trail.step('assignment generated; signing in');
      await signInThroughPage(page, DEMO.admin.account, DEMO.admin.password, '?lang=en');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
      await page.goto(`/myTodo/siteInspection?assignmentId=${assignmentId}`);
      await page.getByTestId('site-inspection').waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('site-offline-ready').waitFor({ state: 'visible', timeout: 30_000 });
      trail.step('checklist ready offline');
      const photo = await page.screenshot({ type: 'png' });

      await context.setOffline(true);
      await expect.poll(() => page.getByTestId('site-connection').getAttribute('data-online')).toBe('false');
      trail.step('offline');
      await page.getByTestId('todo-result-0').getByText('Fail', { exact: true }).click();
      await page.getByTestId('todo-remark-0').fill('Boxes in front of the door');
      await page.getByTestId('site-photo-input-0').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: photo });
      await expect.poll(() => page.locator('[data-testid^="site-photo-"][data-sent]').count(), { timeout: 10_000 }).toBe(1);
      trail.step('photo kept');
      await page.getByTestId('todo-result-1').getByText('Pass', { exact: true }).click();
      await page.getByTestId('site-inspection-submit').click();
      const state = page.getByTestId(`site-queue-state-${assignmentId}`);
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('queued');
      await shot(page, 'inspection-offline-queued-en');

      trail.step('queued');
      // Reloaded without a connection: the shell comes from the service worker, the work from IndexedDB.
      await page.reload();
      await page.getByTestId('site-inspection').waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.getByTestId('site-connection').getAttribute('data-online')).toBe('false');
      expect(await state.getAttribute('data-state')).toBe('queued');
      expect(await page.getByTestId('todo-remark-0').inputValue()).toBe('Boxes in front of the door');
      expect(await page.locator('[data-testid^="site-photo-"][data-sent="false"]').count()).toBe(1);
      // Nothing reached the server meanwhile.
      expect((await api.post<TodoDetail>('/inspection/todo/detail', { assignmentId })).data.status).toBe('pending');

      trail.step('reloaded offline');
      // The network is back: sent once.
      await context.setOffline(false);
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
      trail.step('sent');
      await shot(page, 'inspection-offline-sent-en');
      const detail = (await api.post<TodoDetail>('/inspection/todo/detail', { assignmentId })).data;
      expect(detail).toMatchObject({ status: 'completed', method: 'onsite' });
      expect(detail.items.map((item) => [item.result, item.remark, item.media.length, Boolean(item.rectificationId)])).toEqual([
        ['fail', 'Boxes in front of the door', 1, true],
        ['pass', null, 0, false],
      ]);
      // Going offline and back again sends nothing more: still one result, one photo, one rectification.
      await context.setOffline(true);
      await context.setOffline(false);
      await page.reload();
      await page.getByTestId('site-inspection').waitFor({ state: 'visible', timeout: 30_000 });
      expect(await state.getAttribute('data-state')).toBe('sent');
      const again = (await api.post<TodoDetail>('/inspection/todo/detail', { assignmentId })).data;
      expect(again.items.map((item) => [item.media.length, item.rectificationId])).toEqual(
        detail.items.map((item) => [item.media.length, item.rectificationId]),
      );
      expect(again.completedAt).toBe(detail.completedAt);

      trail.step('nothing sent twice');
      // The list page's done card stays offline: after a reload without a connection it shows the
      // done list as last kept on the phone, and says so.
      await page.goto('/myTodo/siteInspection');
      await page.getByTestId(`todo-result-open-${assignmentId}`).waitFor({ state: 'visible', timeout: 30_000 });
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('site-inspection-list').waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('site-done-kept').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByTestId('site-done').getAttribute('data-online')).toBe('false');
      expect(await page.getByTestId(`todo-result-open-${assignmentId}`).count()).toBe(1);
      await page.getByTestId('site-done').scrollIntoViewIfNeeded();
      trail.step('done list kept offline');
      await shot(page, 'inspection-offline-done-en');
      await context.setOffline(false);

      // Signing out forgets the offline copies of server data on this phone: the worker's cached
      // reads and the kept checklists (the user's own unsent work would stay; nothing is unsent here).
      const offlineCopies = () =>
        within(
          page.evaluate(async () => {
            const cachedReads = (await caches.keys()).filter((name) => name.startsWith('inspection-data-')).length;
            let checklists = 0;
            for (const { name } of await indexedDB.databases()) {
              if (!name?.startsWith('storelens-inspection-')) continue;
              const db = await new Promise<IDBDatabase>((resolve, reject) => {
                const request = indexedDB.open(name);
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error);
              });
              checklists += await new Promise<number>((resolve, reject) => {
                const request = db.transaction('checklists').objectStore('checklists').count();
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error);
              });
              db.close();
            }
            return { cachedReads, checklists };
          }),
          10_000,
        );
      const before = await offlineCopies();
      expect(before.cachedReads).toBeGreaterThan(0);
      expect(before.checklists).toBeGreaterThan(0);
      trail.step('signing out');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect.poll(offlineCopies, { timeout: 15_000 }).toEqual({ cachedReads: 0, checklists: 0 });
      trail.step('offline copies forgotten');
    } finally {
      // Bounded: a close that never answered would hide the failure that led here behind the test's timeout.
      await within(context.close(), 15_000).catch(() => undefined);
    }
  }, 240_000);
});
