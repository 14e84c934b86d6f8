import type { CameraPoint, FloorPlan, PlanElement } from '@storelens/contracts';
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

  it('calibrates a camera by clicked points: four fit exactly, a fifth shows the error in metres, and the pairs are saved', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin.account, DEMO.admin.password);
    const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
    const before = (await api.post<CameraPoint[]>('/fp/manage/camera/list', { planId: plan.id })).data;
    await page.goto(`/settings/passengerFlow/getStorePlan?planId=${plan.id}`);
    await page.getByTestId('camera-point-table').locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('camera-place').click();
    await page.getByTestId('camera-point-pairs-switch').click();
    const view = page.getByTestId('plan-view');
    const scale = Number(await view.getAttribute('data-scale'));
    const box = await view.locator('canvas').first().boundingBox();
    if (!box) throw new Error('no plan view');
    const pairs = page.getByTestId('camera-point-pairs');
    const fill = async (index: number, [u, v, x, y]: readonly [number, number, number, number]) => {
      await pairs.getByLabel(`Pixel u ${index + 1}`).fill(String(u));
      await pairs.getByLabel(`Pixel v ${index + 1}`).fill(String(v));
      await pairs.getByRole('button', { name: 'Pick on the plan' }).nth(index).click();
      await page.mouse.click(box.x + x * scale, box.y + y * scale);
    };
    const previewWithPairs = (count: number) =>
      page.waitForResponse(
        (response) =>
          response.url().includes('/fp/cam2Dmap') &&
          ((JSON.parse(response.request().postData() ?? '{}') as { calibrationPairs?: unknown[] }).calibrationPairs?.length ?? 0) === count,
        { timeout: 20_000 },
      );
    // Pixels of the four image corners, and where they lie on the floor: a 6 × 4.5 m rectangle from (4, 10).
    const corners = [
      [0, 0, 4, 10],
      [640, 0, 10, 10],
      [640, 480, 10, 14.5],
      [0, 480, 4, 14.5],
    ] as const;
    const fourAnswer = previewWithPairs(4);
    for (const [index, corner] of corners.entries()) await fill(index, corner);
    const four = (await (await fourAnswer).json()) as { status: number; data: { source: string; errorM: number; maxErrorM: number } };
    expect(four.status).toBe(200);
    expect(four.data.source).toBe('homography');
    expect(four.data.maxErrorM).toBeLessThan(0.01);
    expect(Number(await pairs.getByLabel('Plan x (m) 3').inputValue())).toBeCloseTo(10, 0);
    const fit = page.getByTestId('camera-point-fit');
    await fit.getByText('Four pairs always fit exactly').waitFor();

    // A fifth pair: the image centre, clicked on the camera's snapshot (its newest recorded frame, drawn at any size,
    // read as pixels of the 640 × 480 calibration size), whose floor point is the rectangle's centre (7, 12.25),
    // clicked on the plan 0.6 m to the right.
    await page.getByTestId('camera-point-pair-add').click();
    await pairs.getByText('The calibration error shows once every pair is filled in.').waitFor();
    const snapshot = page.getByTestId('camera-point-snapshot');
    await snapshot.waitFor({ timeout: 30_000 });
    await expect.poll(() => snapshot.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    await pairs.getByRole('button', { name: 'Pick on the plan' }).nth(4).click();
    await snapshot.scrollIntoViewIfNeeded();
    const picture = await snapshot.boundingBox();
    if (!picture) throw new Error('no snapshot');
    await snapshot.click({ position: { x: picture.width / 2, y: picture.height / 2 } });
    expect(Math.abs(Number(await pairs.getByLabel('Pixel u 5').inputValue()) - 320)).toBeLessThanOrEqual(2);
    expect(Math.abs(Number(await pairs.getByLabel('Pixel v 5').inputValue()) - 240)).toBeLessThanOrEqual(2);
    const fiveAnswer = previewWithPairs(5);
    await page.mouse.click(box.x + 7.6 * scale, box.y + 12.25 * scale);
    const five = (await (await fiveAnswer).json()) as { status: number; data: { errorM: number; maxErrorM: number } };
    expect(five.status).toBe(200);
    expect(five.data.errorM).toBeGreaterThan(0.05);
    // The form shows the preview's figures in metres with two decimals: RMS and worst.
    const shown = `Calibration error: ${five.data.errorM.toFixed(2)} m on average (RMS), ${five.data.maxErrorM.toFixed(2)} m at the worst pair`;
    await fit.getByText(shown).waitFor({ timeout: 10_000 });
    expect(Number(five.data.errorM.toFixed(2))).toBeGreaterThan(0);
    expect(five.data.maxErrorM).toBeLessThanOrEqual(0.5);
    await fit.getByText('Every pair is within 0.5 m').waitFor();
    await shot(page, 'floorplan-camera-pairs');

    // A sixth pair 2 m off (pixel (320, 0) sees (7, 10); clicked at (7, 12)) turns the note into a warning; removing it
    // brings the five pairs' figures back.
    await page.getByTestId('camera-point-pair-add').click();
    const sixAnswer = previewWithPairs(6);
    await fill(5, [320, 0, 7, 12]);
    expect(((await (await sixAnswer).json()) as { data: { maxErrorM: number } }).data.maxErrorM).toBeGreaterThan(0.5);
    await fit.getByText('A pair is more than 0.5 m off').waitFor({ timeout: 10_000 });
    await pairs.getByRole('button', { name: 'Remove pair 6' }).click();
    await fit.getByText(shown).waitFor({ timeout: 10_000 });

    const saving = page.waitForRequest((request) => request.url().includes('/fp/manage/camera/save'));
    await page.getByTestId('camera-point-save').click();
    const cameraId = (JSON.parse((await saving).postData() ?? '{}') as { cameraId?: string }).cameraId;
    await messageShown(page, 'Camera point saved');
    const after = (await api.post<CameraPoint[]>('/fp/manage/camera/list', { planId: plan.id })).data;
    const saved = after.find((point) => point.cameraId === cameraId);
    expect(saved?.source).toBe('homography');
    expect(saved?.calibrationPairs).toHaveLength(5);
    expect(saved?.calibrationErrorM).toBeCloseTo(five.data.errorM, 6);
    const row = page
      .getByTestId('camera-point-table')
      .locator('tr.ant-table-row')
      .filter({ hasText: saved?.cameraName ?? '-' });
    await row.getByText(`${five.data.errorM.toFixed(2)} m`).waitFor({ timeout: 10_000 });

    // The demo's camera gets its own calibration back: later specs count the demo's tracks through it.
    const original = before.find((point) => point.cameraId === cameraId);
    if (original) {
      const restored = await api.post<CameraPoint>('/fp/manage/camera/save', {
        planId: original.planId,
        cameraId: original.cameraId,
        installPosition: original.installPosition,
        planNumber: original.planNumber,
        focalX: original.focalX,
        focalY: original.focalY,
        calibWidth: original.calibWidth,
        calibHeight: original.calibHeight,
        tiltDeg: original.tiltDeg,
        installHeightM: original.installHeightM,
        installXM: original.installXM,
        installYM: original.installYM,
        towardXM: original.towardXM,
        towardYM: original.towardYM,
        calibrationPairs: original.calibrationPairs,
      });
      expect(restored.status, restored.msg).toBe(200);
      expect(restored.data.source).toBe(original.source);
    }
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
