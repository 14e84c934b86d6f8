import { RoleId, type TrendResponse, type WeatherMark } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildShop, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { createWeatherService, WeatherImportError, type WeatherService } from './weather.service.ts';

let t: TestApp;
let weather: WeatherService;
let admin: { token: string; cid: string };
let branch: { token: string; cid: string };
const shops: Record<'shanghaiA' | 'shanghaiB' | 'seoul' | 'nowhere', string> = { shanghaiA: '', shanghaiB: '', seoul: '', nowhere: '' };
const { post, data } = postersFor(() => t.app);

const HEADER = 'country,city,date,condition,highC,lowC,precipitationMm';
const SOURCE_CSV = [
  HEADER,
  'CN,CN-SH-SH,2026-03-01,sunny,14,6,0',
  'CN,CN-SH-SH,2026-03-02,heavyRain,11,8,38.5',
  // A city name with a comma is quoted, as spreadsheets write it.
  'KR,"Seoul, Jung-gu",2026-03-01,snow,2,-4,6',
  'KR,"Seoul, Jung-gu",2026-03-02,cloudy,5,-1,0',
  'CN,Beijing,2026-03-01,fog,9,-2,0',
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  weather = createWeatherService({ db: t.db });
  const customer = await buildCustomer(t.db, 'Weather Co');
  const east = await buildOrg(t.db, customer.customerId, customer.rootOrgId, 'East');
  const abroad = await buildOrg(t.db, customer.customerId, customer.rootOrgId, 'Abroad');
  shops.shanghaiA = await buildShop(t.db, customer.customerId, east, { number: 'W-1', province: 'CN-SH', city: 'CN-SH-SH' });
  // No province: the customer's only country (CN) is the shop's.
  shops.shanghaiB = await buildShop(t.db, customer.customerId, east, { number: 'W-2', city: 'CN-SH-SH' });
  shops.seoul = await buildShop(t.db, customer.customerId, abroad, { number: 'W-3', province: 'KR-11', city: 'Seoul, Jung-gu', timeZone: 'Asia/Seoul' });
  shops.nowhere = await buildShop(t.db, customer.customerId, abroad, { number: 'W-4' });
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }])).loginName, customer.customerId);
  branch = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.branchManage, orgId: east }])).loginName,
    customer.customerId,
  );
  expect(await weather.importCsv(SOURCE_CSV, 'test-source')).toBe(5);
});
afterAll(async () => t.close());

const range = { startDate: '2026-03-01', endDate: '2026-03-02' };

describe('weather', () => {
  it("lists the weather of the selected shops' cities, with how many of the shops are in each", async () => {
    const marks = await data<WeatherMark[]>(admin, '/api/weather/list', range);
    // A city code of the region list is named; a city typed as text keeps its text.
    expect(marks.map((mark) => [mark.date, mark.country, mark.cityName, mark.condition, mark.shopCount])).toEqual([
      ['2026-03-01', 'CN', 'Shanghai', 'sunny', 2],
      ['2026-03-01', 'KR', 'Seoul, Jung-gu', 'snow', 1],
      ['2026-03-02', 'CN', 'Shanghai', 'heavyRain', 2],
      ['2026-03-02', 'KR', 'Seoul, Jung-gu', 'cloudy', 1],
    ]);
    expect(marks[2]).toMatchObject({ highC: 11, lowC: 8, precipitationMm: 38.5, source: 'test-source' });
    // Beijing has weather but no shop: it is not listed. A shop without a city has none.
    const alone = await data<WeatherMark[]>(admin, '/api/weather/list', { ...range, shopIds: [shops.nowhere] });
    expect(alone).toEqual([]);
  });

  it('marks the trend with the weather of its shops only, within its range', async () => {
    const trend = await data<TrendResponse>(admin, '/api/traffic/trend', {
      shopIds: [shops.seoul],
      startDate: '2026-03-02',
      endDate: '2026-03-08',
      indicators: ['entries'],
    });
    expect(trend.weather.map((mark) => [mark.date, mark.city, mark.condition])).toEqual([['2026-03-02', 'Seoul, Jung-gu', 'cloudy']]);
  });

  it("keeps to the caller's data scope: a branch manager sees the weather of their shops' cities only", async () => {
    const marks = await data<WeatherMark[]>(branch, '/api/weather/list', range);
    expect(new Set(marks.map((mark) => mark.city))).toEqual(new Set(['CN-SH-SH']));
    expect((await post(branch, '/api/weather/list', { ...range, shopIds: [shops.seoul] })).body.status).toBe(404);
  });

  it("replaces a day on a source's later report", async () => {
    await weather.importCsv([HEADER, 'CN,CN-SH-SH,2026-03-02,rain,12,8,9'].join('\n'), 'corrected-source');
    const marks = await data<WeatherMark[]>(admin, '/api/weather/list', { ...range, shopIds: [shops.shanghaiA] });
    expect(marks.find((mark) => mark.date === '2026-03-02')).toMatchObject({ condition: 'rain', precipitationMm: 9, source: 'corrected-source' });
    await weather.importCsv([HEADER, 'CN,CN-SH-SH,2026-03-02,heavyRain,11,8,38.5'].join('\n'), 'test-source');
  });

  it('refuses a file with bad lines as a whole, naming each line, and records nothing of it', async () => {
    const bad = [
      HEADER,
      'CN,CN-SH-SH,2026-03-03,sunny,15,7,0',
      'CN,CN-SH-SH,2026-03-04,hail,15,7,0',
      'cn,CN-SH-SH,2026-03-05,sunny,15,7,0',
      'CN,CN-SH-SH,2026-03-06,sunny,5,7,0',
      'CN,CN-SH-SH,2026-03-07,rain,15,7,',
      'CN,CN-SH-SH,2026-03-03,rain,15,7,2',
    ].join('\n');
    const refusal = await weather.importCsv(bad, 'bad-source').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WeatherImportError);
    const problems = (refusal as WeatherImportError).problems;
    expect(problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 7]);
    expect(problems[0]?.problem).toContain('condition');
    expect(problems[1]?.problem).toContain('country');
    expect(problems[2]?.problem).toContain('lowC');
    expect(problems[3]?.problem).toContain('precipitationMm');
    expect(problems[4]?.problem).toContain('appears twice');
    const marks = await data<WeatherMark[]>(admin, '/api/weather/list', { startDate: '2026-03-03', endDate: '2026-03-07' });
    expect(marks).toEqual([]);
    await expect(weather.importCsv('date,city\n2026-03-01,CN-SH-SH', 'bad-source')).rejects.toMatchObject({ problems: [{ line: 1 }] });
  });

  it('refuses a range that runs backwards like every traffic range', async () => {
    expect((await post(admin, '/api/weather/list', { startDate: '2026-03-02', endDate: '2026-03-01' })).body.status).not.toBe(200);
  });
});
