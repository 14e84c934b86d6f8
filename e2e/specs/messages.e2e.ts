import path from 'node:path';
import { RoleId, type TreeNode } from '@storelens/contracts';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiSignIn, messageShown, shot, signedInPage, uniqueSuffix } from '../support/admin.ts';
import { axeFindings, blocking } from '../support/axe.ts';
import { baseUrl, DEMO, launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const suffix = uniqueSuffix();
const login = `e2e.messages.${suffix.toLowerCase()}@storelens.test`;
const password = 'E2e#Pass2026';

/**
 * Messages reach the center from alarms (today: camera-offline alarms, at least 5 minutes after a
 * camera falls silent), so this spec writes a few rows for its own new user straight into the
 * server's SQLite file, as those services do, rather than waiting.
 */
function seedMessages(customerId: string, userId: string): void {
  const db = new Database(path.join(inject('dataDir'), 'storelens.db'));
  try {
    const insert = db.prepare(
      'INSERT INTO messages (customer_id, id, user_id, kind, title, body, read_at, created_at, source, ref_id) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, NULL, NULL)',
    );
    const rows: [number, string][] = [
      [1, 'Camera offline: Entrance'],
      [1, 'Camera offline: Checkout'],
      [1, 'Camera offline: Floor 1'],
      [2, 'Plan starts tomorrow: opening checks'],
      [3, 'Rectification due: shelf labels'],
    ];
    rows.forEach(([kind, title], index) => {
      insert.run(
        customerId,
        `e2e-${suffix}-${index}`,
        userId,
        kind,
        title,
        `${title} (seeded by the end-to-end test)`,
        new Date(Date.now() - index * 60_000).toISOString(),
      );
    });
  } finally {
    db.close();
  }
}

/**
 * A store of the spec's own with no devices, plans or certificates. The reader's data scope is
 * this store alone, so no notice of the running demo (a fridge breach, a reminder due at the
 * store's dawn) reaches the bell while the test counts it.
 */
async function quietStore(admin: ApiSession): Promise<string> {
  const tree = await admin.post<TreeNode[]>('/current/orgtree', {});
  const rootOrgId = tree.data[0]?.orgId;
  expect(rootOrgId, 'the customer’s root organisation').toBeTruthy();
  const added = await admin.post<{ shopId: string }>('/shop/add', {
    number: `MSG-${suffix}`,
    name: `Quiet store ${suffix}`,
    orgId: rootOrgId,
    businessHours: '10:00-22:00',
    videoPlaybackHours: '09:00-23:00',
    trafficDisplayHours: '10:00-22:00',
    visitInterval: 30,
    timeZone: 'Asia/Shanghai',
  });
  expect(added.status, added.msg).toBe(200);
  return added.data.shopId;
}

describe('message center', () => {
  it('opens from the bell; marking one and then all read updates the bell', async () => {
    const admin = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const shopId = await quietStore(admin);
    const added = await admin.post<{ userId: string }>('/user/add', {
      loginName: login,
      password,
      confirmPassword: password,
      surname: 'Message',
      givenName: 'Reader',
      signupType: 'email',
      roleId: RoleId.manager,
      shopIds: [shopId],
    });
    expect(added.status, added.msg).toBe(200);
    const response = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: login, password }),
    });
    const { data } = (await response.json()) as { data: { uid: string } };
    seedMessages(admin.cid, data.uid);

    const { context, page } = await signedInPage(browser, login, password);
    const bell = page.getByTestId('notice-bell');
    await expect.poll(() => bell.innerText(), { timeout: 15_000 }).toContain('5');
    // The bell's name says its number too (axe: a visible count outside the name is a serious finding).
    expect(await bell.getAttribute('aria-label')).toBe('Messages, 5 unread');
    expect(blocking(await axeFindings(page)).map((finding) => finding.rule)).toEqual([]);
    await bell.click();
    await expect.poll(() => page.getByTestId('notice-count-1').innerText()).toContain('3');
    await page.getByTestId('notice-open-center-1').click();
    await page.waitForURL((url) => url.pathname === '/newsCenter' && url.searchParams.get('tab') === '1');
    await expect.poll(() => page.getByTestId('message-table').locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    await shot(page, 'message-center-en');

    // One read: the row says so, the bell counts one fewer.
    await page.getByTestId(`message-read-e2e-${suffix}-0`).click();
    await expect.poll(() => page.getByTestId(`message-e2e-${suffix}-0`).getAttribute('data-read'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => bell.innerText(), { timeout: 15_000 }).toContain('4');

    // Unread only, then every alarm read.
    await page.getByTestId('message-filter-unread').click();
    await expect.poll(() => page.getByTestId('message-table').locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId('message-read-all').click();
    await messageShown(page, '2 messages marked read');
    await expect.poll(() => bell.innerText(), { timeout: 15_000 }).toContain('2');

    // The other tabs keep their own messages.
    await page.getByTestId('message-tab-2').click();
    await page.getByTestId('message-filter-all').click();
    await expect.poll(() => page.getByTestId('message-table').innerText(), { timeout: 15_000 }).toContain('Plan starts tomorrow');
    await page.getByTestId('message-tab-3').click();
    await expect.poll(() => page.getByTestId('message-table').innerText(), { timeout: 15_000 }).toContain('Rectification due');
    await context.close();
  });

  it('reads in Chinese', async () => {
    const { context, page } = await signedInPage(browser, login, password, 'zh');
    await page.goto('/newsCenter?tab=3');
    await expect.poll(() => page.getByTestId('message-table').innerText(), { timeout: 15_000 }).toContain('Rectification due');
    expect(await page.getByTestId('message-center').innerText()).toContain('消息中心');
    await shot(page, 'message-center-zh');
    await context.close();
  });
});
