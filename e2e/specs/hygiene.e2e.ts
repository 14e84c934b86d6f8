import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translateMessage } from '@storelens/contracts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, messageShown, rowWith, shot, signedInPage, textBox, uniqueSuffix } from '../support/admin.ts';
import { DEMO, launchBrowser } from '../support/browser.ts';

/**
 * Hygiene logs in Chromium (issue 16 section 3): the store manager adds an
 * employee, then their health certificate with a photo (a text file called photo.jpg is refused);
 * it appears in the certificate list and counts in the hygienic shop statistics.
 */

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const suffix = uniqueSuffix();
const employee = `E2E cook ${suffix}`;
const number = `HC-${suffix}`;

async function photo(name: string): Promise<string> {
  const file = path.join(workDir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="hsl(200,55%,60%)"/><circle cx="450" cy="300" r="160" fill="white"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  return file;
}

/** Picks today in the date picker of a form field (the inputs are read-only: a phone shows no keyboard). */
async function today(page: Page, testId: string): Promise<void> {
  // An earlier picker's dropdown fades out first: its today cell is not this one's.
  await expect.poll(() => page.locator('.ant-picker-dropdown').filter({ visible: true }).count()).toBe(0);
  await page.getByTestId(testId).click();
  const button = page.locator('.ant-picker-dropdown .ant-picker-cell-today').filter({ visible: true }).first();
  await button.waitFor({ state: 'visible' });
  await button.click();
}

describe('hygiene logs', () => {
  it('take a health certificate with its photo, list it and count it in the statistics', async () => {
    // The store manager's browser keeps the store's zone (Shanghai): a certificate's standing is
    // counted on the store's day, so a browser on another day would pick a date already past there.
    const { page } = await signedInPage(browser, DEMO.store.account, DEMO.store.password, 'en', 'Asia/Shanghai');
    await page.goto('/hygieneLog/employeeHealthCertificate');
    await page.getByTestId('hygiene-certificate-page').waitFor({ timeout: 30_000 });

    // The employee first (staff are the store's people, not users).
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByTestId('hygiene-employee-add').click();
    await chooseOption(page, 'hygiene-employee-store', /./);
    await textBox(page, 'hygiene-employee-name').fill(employee);
    await textBox(page, 'hygiene-employee-position').fill('Cook');
    await page.getByTestId('hygiene-employee-save').click();
    await messageShown(page, 'Saved');
    await expect.poll(() => rowWith(page, 'hygiene-staff-table', employee).count(), { timeout: 15_000 }).toBe(1);

    // The certificate with its photo.
    await page.getByRole('tab', { name: 'Certificates' }).click();
    await page.getByTestId('hygiene-certificate-add').click();
    await chooseOption(page, 'hygiene-certificate-store', /./);
    await chooseOption(page, 'hygiene-certificate-employee', new RegExp(suffix));
    await textBox(page, 'hygiene-certificate-number').fill(number);
    await textBox(page, 'hygiene-certificate-issuer').fill('Shanghai CDC');
    await today(page, 'hygiene-certificate-issued');
    await today(page, 'hygiene-certificate-expires');
    const fake = path.join(workDir, 'photo.jpg');
    fs.writeFileSync(fake, 'this is a note, not a photo\n');
    await page.getByTestId('hygiene-certificate-image-input').setInputFiles(fake);
    await expect
      .poll(() => page.getByTestId('hygiene-certificate-image-refused').innerText(), { timeout: 15_000 })
      .toContain(translateMessage('en', 'hygiene.imageInvalid'));
    await page.getByTestId('hygiene-certificate-image-input').setInputFiles(await photo('certificate.jpg'));
    await page.getByTestId('hygiene-certificate-image').locator('img').waitFor({ timeout: 30_000 });
    await shot(page, 'hygiene-certificate-en');
    await page.getByTestId('hygiene-certificate-save').click();
    await messageShown(page, 'Saved');
    await expect.poll(() => rowWith(page, 'hygiene-certificate-table', employee).count(), { timeout: 15_000 }).toBe(1);
    expect(await rowWith(page, 'hygiene-certificate-table', employee).innerText()).toContain('Expiring soon');

    // The statistics count the store's one employee with a valid certificate.
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect.poll(() => page.getByTestId('hygiene-stats').innerText(), { timeout: 15_000 }).toContain('1 of 1 (100%)');
    await shot(page, 'hygiene-stats-en');
  });

  it('at phone width the menu stays out of the page, opens over it, and closes when a page is chosen', async () => {
    const { context, page } = await signedInPage(browser, DEMO.store.account, DEMO.store.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/hygieneLog/employeeHealthCertificate');
    await page.getByTestId('hygiene-certificate-add').waitFor();
    // The menu takes no width: the page's own button is what a tap at its place reaches.
    await expect.poll(() => page.getByTestId('side-menu').evaluate((node) => node.getBoundingClientRect().width)).toBe(0);
    await page.getByTestId('hygiene-certificate-add').click({ trial: true });
    await page.getByTestId('side-menu-toggle').click();
    await expect.poll(() => page.getByTestId('side-menu').evaluate((node) => node.getBoundingClientRect().width)).toBeGreaterThan(150);
    await shot(page, 'hygiene-phone-menu-en');
    await page.getByTestId('side-menu-item-/hygieneLog/disinfectionRecords').click();
    await page.waitForURL(/\/hygieneLog\/disinfectionRecords/);
    await expect.poll(() => page.getByTestId('side-menu').evaluate((node) => node.getBoundingClientRect().width)).toBe(0);
    await shot(page, 'hygiene-phone-disinfection-en');

    // A record entered on the phone, with its photo: one column of fields, the photo from the camera roll.
    const area = `Cold room ${suffix}`;
    await page.getByTestId('hygiene-disinfection-add').click();
    await chooseOption(page, 'hygiene-record-store', /./);
    await textBox(page, 'hygiene-record-area').fill(area);
    await textBox(page, 'hygiene-record-method').fill('Wipe down');
    await textBox(page, 'hygiene-record-agent').fill('Chlorine 500 mg/L');
    await textBox(page, 'hygiene-record-person').fill('Li Na');
    await page.getByTestId('hygiene-record-image-input').setInputFiles(await photo('cold-room.jpg'));
    await page.getByTestId('hygiene-record-image').locator('img').waitFor({ timeout: 15_000 });
    // The form fits the phone's width: nothing to scroll sideways.
    const dialog = page.getByRole('dialog').filter({ visible: true });
    expect(await dialog.evaluate((node) => node.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await shot(page, 'hygiene-phone-record-en');
    await page.getByTestId('hygiene-record-save').click();
    await rowWith(page, 'hygiene-records-disinfection', area).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
