import type { CityNode } from '@storelens/contracts';

const node = (code: string, name: string, children?: CityNode[]): CityNode => (children ? { code, name, children } : { code, name });

/**
 * Province / city / district choices for the markets our customers operate in (spec section 9's
 * time zones). A static list: addresses need no network, and a chain adds a market by a release.
 */
export const CITY_TREE: CityNode[] = [
  node('CN', 'China', [
    node('CN-SH', 'Shanghai', [
      node('CN-SH-SH', 'Shanghai', [node('CN-SH-PD', 'Pudong'), node('CN-SH-HP', 'Huangpu'), node('CN-SH-JA', "Jing'an"), node('CN-SH-XH', 'Xuhui')]),
    ]),
    node('CN-BJ', 'Beijing', [node('CN-BJ-BJ', 'Beijing', [node('CN-BJ-CY', 'Chaoyang'), node('CN-BJ-HD', 'Haidian'), node('CN-BJ-DC', 'Dongcheng')])]),
    node('CN-GD', 'Guangdong', [
      node('CN-GD-GZ', 'Guangzhou', [node('CN-GD-GZ-TH', 'Tianhe'), node('CN-GD-GZ-YX', 'Yuexiu')]),
      node('CN-GD-SZ', 'Shenzhen', [node('CN-GD-SZ-NS', 'Nanshan'), node('CN-GD-SZ-FT', 'Futian')]),
    ]),
    node('CN-ZJ', 'Zhejiang', [node('CN-ZJ-HZ', 'Hangzhou', [node('CN-ZJ-HZ-XH', 'Xihu'), node('CN-ZJ-HZ-BJ', 'Binjiang')])]),
  ]),
  node('KR', 'South Korea', [
    node('KR-11', 'Seoul', [node('KR-11-SE', 'Seoul', [node('KR-11-GN', 'Gangnam-gu'), node('KR-11-MP', 'Mapo-gu'), node('KR-11-JG', 'Jung-gu')])]),
    node('KR-26', 'Busan', [node('KR-26-BS', 'Busan', [node('KR-26-HU', 'Haeundae-gu'), node('KR-26-BJ', 'Busanjin-gu')])]),
  ]),
  node('JP', 'Japan', [
    node('JP-13', 'Tokyo', [node('JP-13-TK', 'Tokyo', [node('JP-13-SB', 'Shibuya'), node('JP-13-SJ', 'Shinjuku'), node('JP-13-CH', 'Chuo')])]),
    node('JP-27', 'Osaka', [node('JP-27-OS', 'Osaka', [node('JP-27-KT', 'Kita'), node('JP-27-CU', 'Chuo')])]),
  ]),
  node('MY', 'Malaysia', [node('MY-14', 'Kuala Lumpur', [node('MY-14-KL', 'Kuala Lumpur', [node('MY-14-BB', 'Bukit Bintang'), node('MY-14-BS', 'Bangsar')])])]),
  node('AU', 'Australia', [
    node('AU-NSW', 'New South Wales', [node('AU-NSW-SYD', 'Sydney', [node('AU-NSW-CBD', 'Sydney CBD'), node('AU-NSW-PAR', 'Parramatta')])]),
    node('AU-VIC', 'Victoria', [node('AU-VIC-MEL', 'Melbourne', [node('AU-VIC-CBD', 'Melbourne CBD'), node('AU-VIC-RIC', 'Richmond')])]),
  ]),
  node('VN', 'Vietnam', [
    node('VN-SG', 'Ho Chi Minh City', [node('VN-SG-HCM', 'Ho Chi Minh City', [node('VN-SG-D1', 'District 1'), node('VN-SG-D3', 'District 3')])]),
    node('VN-HN', 'Hanoi', [node('VN-HN-HN', 'Hanoi', [node('VN-HN-HK', 'Hoan Kiem'), node('VN-HN-BD', 'Ba Dinh')])]),
  ]),
];

/** Every region of the list by its code: its name, its depth (0 country ... 3 district) and its parent's code. */
export const REGIONS: ReadonlyMap<string, { name: string; depth: number; parent: string | null }> = (() => {
  const regions = new Map<string, { name: string; depth: number; parent: string | null }>();
  const index = (nodes: readonly CityNode[], depth: number, parent: string | null) => {
    for (const entry of nodes) {
      regions.set(entry.code, { name: entry.name, depth, parent });
      index(entry.children ?? [], depth + 1, entry.code);
    }
  };
  index(CITY_TREE, 0, null);
  return regions;
})();

/** A shop's country from its province code (CN-SH -> CN): the code's prefix; null without a province. */
export function countryOfProvince(province: string | null): string | null {
  return province ? (province.split('-')[0] ?? null) : null;
}
