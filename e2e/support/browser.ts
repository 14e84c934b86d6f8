import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** What a new browser context starts with: cookies and each origin's localStorage. */
export type StorageState = Exclude<NonNullable<Parameters<Browser['newContext']>[0]>['storageState'], string | undefined>;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** System Chromium with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      // WebGL (the panoramic tour) in software: Chromium no longer falls back to SwiftShader unasked.
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newContext(browser: Browser, locale = 'en-US', timezoneId?: string, storageState?: StorageState): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    locale,
    viewport: { width: 1440, height: 900 },
    ...(timezoneId ? { timezoneId } : {}),
    ...(storageState ? { storageState } : {}),
  });
}

/** Keeps a screenshot of the page under e2e/artifacts, for people to look at. */
export async function snapshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export const DEMO = {
  admin: { account: 'admin@storelens.demo', password: 'Storelens#2026' },
  northwindAdmin: { account: 'admin@northwind.demo', password: 'Northwind#2026' },
  operator: { account: 'operator@storelens.demo', password: 'Storelens#2026' },
  observer: { account: 'observer@storelens.demo', password: 'Storelens#2026' },
  manager: { account: 'manager@storelens.demo', password: 'Storelens#2026' },
  /** Store manager of one store: customer-wide settings are not theirs to change. */
  store: { account: 'store@storelens.demo', password: 'Storelens#2026' },
} as const;
