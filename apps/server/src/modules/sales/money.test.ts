import fs from 'node:fs';
import path from 'node:path';
import {
  type CurrencySettingsResponse,
  type ExchangeRateRow,
  type MoneyCheckResponse,
  type Page,
  RoleId,
  type SalesSummaryResponse,
  type SalesTrendResponse,
  type ShopRow,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildShop, buildUser, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { writePosWorkbook } from './pos-workbook.ts';
import { createPosImporter } from './sales.module.ts';

/**
 * Money has a currency (issue 11 section 2): shop currencies from the country, dated exchange
 * rates, conversion to the reporting currency with the rate of each day, the refusal to add up
 * amounts of several currencies without a rate, figures per currency, and per-m² figures.
 */
let t: TestApp;
let admin: Session;
let limited: Session;
let outsider: Session;
let shops: { cn: string; kr: string; krNoArea: string; plain: string };
const { post, data } = postersFor(() => t.app);
const range = { startDate: '2026-03-02', endDate: '2026-03-03' };

beforeAll(async () => {
  t = await createTestApp();
  setClock('2026-03-11T06:00:00Z');
  const demo = await buildCustomer(t.db, 'Money Co');
  const other = await buildCustomer(t.db, 'Other Money Co');
  const org = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Asia');
  shops = {
    cn: await buildShop(t.db, demo.customerId, org, { number: 'M-CN', province: 'CN-SH', floorArea: 100 }),
    kr: await buildShop(t.db, demo.customerId, org, { number: 'M-KR', province: 'KR-11', timeZone: 'Asia/Seoul', floorArea: 50 }),
    krNoArea: await buildShop(t.db, demo.customerId, org, { number: 'M-KR2', province: 'KR-11', timeZone: 'Asia/Seoul' }),
    plain: await buildShop(t.db, demo.customerId, org, { number: 'M-X' }),
  };
  // 20 entries at the Chinese shop on 2 March (for visitors per m²).
  const box = await buildBox(t.db, demo.customerId, shops.cn, 1);
  const [camera] = box.cameraIds as [string];
  expect((await sendBatch(t.app, box.token, [line(camera, '2026-03-02T10:00:00+08:00', 'in', 20)])).body.status).toBe(200);

  const { uploads, worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
  const file = path.join(t.config.dataDir, 'money.xlsx');
  fs.mkdirSync(t.config.dataDir, { recursive: true });
  await writePosWorkbook(file, [
    { shopNumber: 'M-CN', orderNumber: 'CN-1', date: '2026/03/02', quantity: 1, amount: 100 },
    { shopNumber: 'M-CN', orderNumber: 'CN-2', date: '2026/03/03', quantity: 1, amount: 200 },
    { shopNumber: 'M-KR', orderNumber: 'KR-1', date: '2026/03/02', quantity: 1, amount: 10000 },
    { shopNumber: 'M-KR', orderNumber: 'KR-2', date: '2026/03/03', quantity: 1, amount: 20000 },
    { shopNumber: 'M-KR2', orderNumber: 'KR-3', date: '2026/03/02', quantity: 1, amount: 5000 },
  ]);
  expect((await uploads.importPosWorkbook({ customerId: demo.customerId, userId: null, fileName: 'money.xlsx', content: fs.readFileSync(file) })).status).toBe(
    'completed',
  );
  await worker.stop();

  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  limited = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager, orgId: org }])).loginName, demo.customerId);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});

afterAll(async () => {
  resetClock();
  await t.close();
});

const mixed = () => ({ ...range, shopIds: [shops.cn, shops.kr, shops.krNoArea] });

describe('shop currency', () => {
  it("defaults to the currency of the shop's country, else of the customer's first country, and can be changed", async () => {
    const detail = (shopId: string) => data<ShopRow>(admin, '/api/shop/detail', { shopId });
    expect((await detail(shops.cn)).currency).toBe('CNY');
    expect((await detail(shops.kr)).currency).toBe('KRW');
    expect((await detail(shops.plain)).currency).toBe('CNY');
    const changed = await data<ShopRow>(admin, '/api/shop/update', { shopId: shops.plain, currency: 'JPY' });
    expect(changed.currency).toBe('JPY');
    const refused = await post(admin, '/api/shop/update', { shopId: shops.plain, currency: 'XXX' });
    expect(refused.body.status).toBe(400);
  });
});

describe('amounts of several currencies', () => {
  it('are refused without exchange rates, in every language, and offered per currency', async () => {
    await expectMessageInAllLanguages((lang) => post(admin, '/api/sales/summary', mixed(), lang), 'money.mixedCurrencies', {
      currencies: 'CNY, KRW',
      missing: 'KRW',
      reporting: 'CNY',
      date: '2026-02-28',
    });
    const refusal = await post(admin, '/api/sales/crossStore', { ...mixed(), indicators: ['netSales'] });
    expect(refusal.body.data).toEqual({
      currencies: [
        { currency: 'CNY', shopCount: 1 },
        { currency: 'KRW', shopCount: 2 },
      ],
    });

    const check = await data<MoneyCheckResponse>(admin, '/api/sales/currencyCheck', mixed());
    expect(check).toMatchObject({ reportingCurrency: 'CNY', refusal: { key: 'money.mixedCurrencies', params: { missing: 'KRW', date: '2026-03-02' } } });

    // Per currency: the Korean shops alone, in won, no rate needed.
    const korean = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...mixed(), currency: 'KRW' });
    expect(korean.values.netSales).toBe(35000);
    expect(korean.money).toMatchObject({ currency: 'KRW', converted: false, rates: [], currencies: [{ currency: 'KRW', shopCount: 2 }] });

    // Figures without money add up across currencies.
    const counts = await data<SalesTrendResponse>(admin, '/api/sales/trend', { ...mixed(), indicators: ['transactions'] });
    expect(counts.points.map((point) => point.values.transactions)).toEqual([3, 2]);
  });

  it('are converted with the latest rate on or before each day, naming the rates used', async () => {
    const first = await data<ExchangeRateRow>(admin, '/api/exchangeRate/save', {
      baseCurrency: 'KRW',
      quoteCurrency: 'CNY',
      date: '2026-02-01',
      rate: 0.005,
      source: 'Test bank',
    });
    // The inverse pair counts too (1 / 250 from 3 March).
    await data<ExchangeRateRow>(admin, '/api/exchangeRate/save', {
      baseCurrency: 'CNY',
      quoteCurrency: 'KRW',
      date: '2026-03-03',
      rate: 250,
      source: 'Test bank',
    });
    // A rate after the range is not used.
    await data<ExchangeRateRow>(admin, '/api/exchangeRate/save', { baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-03-05', rate: 1, source: 'Later' });

    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', mixed());
    // CNY 100 + 200; KRW (10000 + 5000) x 0.005 on 2 March, 20000 / 250 on 3 March.
    expect(summary.values.netSales).toBeCloseTo(300 + 75 + 80, 6);
    expect(summary.values.avgTransactionValue).toBeCloseTo(455 / 5, 6);
    expect(summary.money).toMatchObject({ currency: 'CNY', converted: true, reportingCurrency: 'CNY', shopsWithoutArea: 1 });
    expect(summary.money.rates).toEqual([
      { baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-02-01', rate: 0.005, source: 'Test bank' },
      { baseCurrency: 'CNY', quoteCurrency: 'KRW', date: '2026-03-03', rate: 250, source: 'Test bank' },
    ]);
    const trend = await data<SalesTrendResponse>(admin, '/api/sales/trend', { ...mixed(), indicators: ['netSales'] });
    expect(trend.points.map((point) => point.values.netSales)).toEqual([175, 280]);

    // Per m²: only the shops with an area (150 m²): 300 CNY + 130 CNY of M-KR; 20 visitors.
    expect(summary.values.netSalesPerSqm).toBeCloseTo(430 / 150, 6);
    expect(summary.values.entriesPerSqm).toBeCloseTo(20 / 150, 6);

    // Another reporting currency: the same rates the other way round.
    await data<CurrencySettingsResponse>(admin, '/api/currency/saveSettings', { reportingCurrency: 'KRW' });
    const inWon = await data<SalesSummaryResponse>(admin, '/api/sales/summary', mixed());
    expect(inWon.values.netSales).toBeCloseTo(35000 + 100 / 0.005 + 200 * 250, 4);
    expect(inWon.money.currency).toBe('KRW');
    await data<CurrencySettingsResponse>(admin, '/api/currency/saveSettings', { reportingCurrency: 'CNY' });

    // Changing a rate changes the figures; deleting it brings the refusal back.
    await data<ExchangeRateRow>(admin, '/api/exchangeRate/save', { ...first, rateId: first.rateId, rate: 0.01, source: 'Test bank' });
    const after = await data<SalesSummaryResponse>(admin, '/api/sales/summary', mixed());
    expect(after.values.netSales).toBeCloseTo(300 + 150 + 80, 6);
    await data(admin, '/api/exchangeRate/delete', { rateId: first.rateId });
    expect((await post(admin, '/api/sales/summary', mixed())).body.status).toBe(422);
  });
});

describe('exchange rates', () => {
  it('are one per pair and date, kept by whole-customer administrators, and belong to their customer', async () => {
    const body = { baseCurrency: 'MYR', quoteCurrency: 'CNY', date: '2026-01-01', rate: 1.55, source: 'Bank Negara' };
    const saved = await data<ExchangeRateRow>(admin, '/api/exchangeRate/save', body);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/exchangeRate/save', body, lang), 'money.rateExists', {
      base: 'MYR',
      quote: 'CNY',
      date: '2026-01-01',
    });
    expect((await post(admin, '/api/exchangeRate/save', { ...body, quoteCurrency: 'MYR' })).body.status).toBe(400);
    const list = await data<Page<ExchangeRateRow>>(admin, '/api/exchangeRate/list', { currency: 'MYR' });
    expect(list.list.map((row) => row.rateId)).toEqual([saved.rateId]);
    expect((await post(limited, '/api/exchangeRate/save', { ...body, date: '2026-01-02' })).body.status).toBe(403);
    expect((await post(outsider, '/api/exchangeRate/delete', { rateId: saved.rateId })).body.status).toBe(404);
    const settings = await data<CurrencySettingsResponse>(admin, '/api/currency/getSettings');
    expect(settings.shopCurrencies).toEqual([
      { currency: 'CNY', shopCount: 1 },
      { currency: 'JPY', shopCount: 1 },
      { currency: 'KRW', shopCount: 2 },
    ]);
  });
});
