import type { FloorPlan, PlanElement } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, type Lang, messageShown, shot, signedInPage, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Floor plans and the store-plan tools in Chromium (issue 13 part A): a region and a flow line
 * drawn with the mouse and saved (a reload shows them, the API a new version), the super manager's
 * sole access to the tools (route and API), and pictures of every page in English and Japanese.
 */

let browser: Browser;
let plan: FloorPlan;
beforeAll(async () => {
  browser = await launchBrowser();
  const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
  const plans = await api.post<FloorPlan[]>('/fp/manage/list', {});
  expect(plans.status, plans.msg).toBe(200);
  plan = plans.data[0] as FloorPlan;
});
afterAll(async () => browser?.close());

/** The drawing canvas and where a plan point (metres) is on screen. */
async function canvasAt(page: Page): Promise<(x: number, y: number) => { x: number; y: number }> {
  const stage = page.getByTestId('plan-canvas');
  await stage.locator('canvas').first().waitFor();
  const scale = Number(await stage.getAttribute('data-scale'));
  const box = await stage.locator('canvas').first().boundingBox();
  if (!box || !scale) throw new Error('no canvas');
  return (x, y) => ({ x: box.x + x * scale, y: box.y + y * scale });
}

async function elementsOf(kind: PlanElement['kind']): Promise<PlanElement[]> {
  const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
  const answer = await api.post<PlanElement[]>('/fp/elements/list', { planId: plan.id, kind });
  return answer.data;
}

async function openTool(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?planId=${plan.id}`);
  await page.getByTestId('plan-canvas').locator('canvas').first().waitFor({ timeout: 30_000 });
  // The plan image is drawn once it has loaded: the shapes list is there by then too.
  await page.getByTestId('tool-draw').waitFor();
}

describe('store-plan tools', () => {
  it('draws a region with the mouse, names it, saves it; a reload shows it and the API has a new version', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const name = `E2E region ${uniqueSuffix()}`;
    const versionBefore = (await (await apiSignIn(DEMO.admin.account, DEMO.admin.password)).post<FloorPlan>('/fp/manage/get', { planId: plan.id })).data
      .geometryVersion;
    await openTool(page, '/settings/getStorePlan/edit');
    const at = await canvasAt(page);
    await page.getByTestId('tool-draw').click();
    // A free part of the demo floor, between the promotion table and the cashier: [14.6, 16.4] × [11, 13] m.
    for (const [x, y] of [
      [14.6, 11],
      [16.4, 11],
      [16.4, 13],
      [14.6, 13],
    ] as const) {
      const point = at(x, y);
      await page.mouse.click(point.x, point.y);
    }
    // Clicking the first point again closes the shape.
    const first = at(14.6, 11);
    await page.mouse.click(first.x, first.y);
    await expect.poll(() => page.getByTestId('plan-canvas').getAttribute('data-drawing')).toBe('false');
    const nameBox = page.locator('#element-name');
    await nameBox.fill(name);
    // Keyboard nudging: the whole shape 1 m to the left (Shift + arrow), on the focused canvas.
    await page.getByTestId('plan-canvas').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await shot(page, 'floorplan-tool-region-drawn');
    await page.getByTestId('tool-save').click();
    await messageShown(page, 'Saved');

    await page.reload();
    await page.getByTestId('tool-shapes').getByText(name).waitFor({ timeout: 30_000 });
    const saved = (await elementsOf('region')).find((region) => region.name === name);
    expect(saved).toMatchObject({ version: 1, regionType: 'shelf' });
    // Drawn at x 14.6–16.4, moved 1 m left: 13.6–15.4.
    expect(Math.min(...(saved?.points ?? []).map((p) => p.x))).toBeCloseTo(13.6, 1);
    expect(Math.max(...(saved?.points ?? []).map((p) => p.x))).toBeCloseTo(15.4, 1);
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    expect((await api.post<FloorPlan>('/fp/manage/get', { planId: plan.id })).data.geometryVersion).toBeGreaterThan(versionBefore);

    // Moving it again is a new version of the same region.
    await page.getByTestId('tool-shapes').getByText(name).click();
    await page.getByTestId('plan-canvas').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('tool-save').click();
    await messageShown(page, 'Saved');
    const moved = (await elementsOf('region')).find((region) => region.elementId === saved?.elementId);
    expect(moved?.version).toBe(2);
    await context.close();
  });

  it('draws a two-click flow line and saves it', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const before = await elementsOf('flow');
    await openTool(page, '/settings/getStorePlan/setFlow');
    const at = await canvasAt(page);
    await page.getByTestId('tool-draw').click();
    for (const [x, y] of [
      [16, 14],
      [16, 8.5],
    ] as const) {
      const point = at(x, y);
      await page.mouse.click(point.x, point.y);
    }
    await page.getByText('Two-way').click();
    await shot(page, 'floorplan-tool-flow-drawn');
    await page.getByTestId('tool-save').click();
    await messageShown(page, 'Saved');
    await page.reload();
    await page.getByTestId('tool-shapes').locator('li').nth(before.length).waitFor({ timeout: 30_000 });
    const after = await elementsOf('flow');
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((flow) => !before.some((old) => old.elementId === flow.elementId));
    expect(added).toMatchObject({ flowMode: 'double', version: 1 });
    expect(added?.points[0]?.x).toBeCloseTo(16, 1);
    expect(added?.points[1]?.y).toBeCloseTo(8.5, 1);
    await context.close();
  });

  it('calibrates a camera by four points: clicks on the plan fill the pairs, and the footprint is previewed from them', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    await page.goto(`/settings/passengerFlow/getStorePlan?planId=${plan.id}`);
    await page.getByTestId('camera-point-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('camera-place').click();
    await page.getByTestId('camera-point-pairs-switch').click();
    const view = page.getByTestId('plan-view');
    const scale = Number(await view.getAttribute('data-scale'));
    const box = await view.locator('canvas').first().boundingBox();
    if (!box) throw new Error('no plan view');
    const pairs = page.getByTestId('camera-point-pairs');
    // Pixels of the four image corners, and where they lie on the floor: a 6 × 4.5 m rectangle from (4, 10).
    const corners = [
      [0, 0, 4, 10],
      [640, 0, 10, 10],
      [640, 480, 10, 14.5],
      [0, 480, 4, 14.5],
    ] as const;
    for (const [index, [u, v, x, y]] of corners.entries()) {
      await pairs.getByLabel(`Pixel u ${index + 1}`).fill(String(u));
      await pairs.getByLabel(`Pixel v ${index + 1}`).fill(String(v));
      await pairs.getByRole('button', { name: 'Pick on the plan' }).nth(index).click();
      await page.mouse.click(box.x + x * scale, box.y + y * scale);
    }
    const answer = await page.waitForResponse(
      (response) => response.url().includes('/fp/cam2Dmap') && (response.request().postData() ?? '').includes('calibrationPairs'),
      { timeout: 20_000 },
    );
    const body = (await answer.json()) as { status: number; data: { source: string; errorM: number } };
    expect(body.status).toBe(200);
    expect(body.data.source).toBe('homography');
    expect(body.data.errorM).toBeLessThan(0.01);
    expect(Number(await pairs.getByLabel('Plan x (m) 3').inputValue())).toBeCloseTo(10, 0);
    await shot(page, 'floorplan-camera-pairs');
    await context.close();
  });

  it('hides a region from the analysis pages and shows it again (the region hide configuration, PUT)', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const shelf = (await elementsOf('region')).find((region) => region.name === 'Shelf C') as PlanElement;
    await page.goto(`/settings/passengerFlow/getStorePlan?planId=${plan.id}`);
    const toggle = page.getByTestId(`region-shown-${shelf.elementId}`);
    await toggle.waitFor({ timeout: 30_000 });
    await toggle.click();
    await messageShown(page, 'Region display saved');
    const hidden = async () =>
      (await api.post<PlanElement[]>('/fp/region/list', { planId: plan.id })).data.find((region) => region.elementId === shelf.elementId)?.hidden;
    expect(await hidden()).toBe(true);
    await toggle.click();
    await expect.poll(hidden).toBe(false);
    await context.close();
  });

  it('a manager cannot open setMask (route) nor save geometry (API)', async () => {
    const { context, page } = await signedInPage(browser, DEMO.manager.account, DEMO.manager.password);
    await page.goto(`/settings/getStorePlan/setMask?planId=${plan.id}`);
    await page.waitForURL((url) => url.pathname === '/403');
    const manager = await apiSignIn(DEMO.manager.account, DEMO.manager.password);
    const refused = await manager.post('/fp/elements/save', { planId: plan.id, kind: 'mask', elements: [] });
    expect(refused.status).toBe(403);
    // The manager reads the plans, and is told who changes them.
    await page.goto('/settings/passengerFlow/storePlan');
    await page.getByTestId('contact-account-manager').waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('pictures of the pages', () => {
  for (const lang of ['en', 'jp'] as const satisfies readonly Lang[]) {
    it(`in ${lang}`, async () => {
      const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password, lang);
      await page.goto('/settings/passengerFlow/storePlan');
      await page.getByTestId('plan-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await shot(page, `floorplan-store-plan-${lang}`);

      await page.getByTestId('plan-table').locator('tr.ant-table-row a').first().click();
      await page.getByTestId('camera-point-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('plan-view').locator('canvas').first().waitFor();
      await shot(page, `floorplan-get-store-plan-${lang}`);
      await page.getByTestId('camera-place').click();
      await page.getByTestId('camera-point-form').waitFor();
      await shot(page, `floorplan-camera-form-${lang}`);

      await page.goto(`/settings/getStorePlan/setHaltArea?planId=${plan.id}`);
      await page.getByTestId('plan-canvas').locator('canvas').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('tool-shapes').waitFor();
      await shot(page, `floorplan-tool-halt-${lang}`);

      await page.goto('/settings/passengerFlow/haltArea');
      await page.getByTestId('halt-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await shot(page, `floorplan-halt-areas-${lang}`);
      await context.close();
    });
  }
});
