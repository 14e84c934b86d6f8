import { RoleId } from '@storelens/contracts';

/** The demo chain, as data: what `seed-demo` creates through the services. */
export interface DemoShop {
  number: string;
  name: string;
  timeZone: string;
  shopType: 'direct' | 'franchise';
  cameras: number;
  province: string;
  city: string;
  latitude: number;
  longitude: number;
}
export interface DemoCity {
  name: string;
  orgcode: string;
  shops: DemoShop[];
}
export interface DemoRegion {
  name: string;
  orgcode: string;
  cities: DemoCity[];
}
export interface DemoCustomer {
  name: string;
  countries: string[];
  defaultTimeZone: string;
  regions: DemoRegion[];
}
export interface DemoAccount {
  loginName: string;
  password: string;
  surname: string;
  givenName: string;
  mobile: string;
  /** Customer name -> role, and optionally the organisation (by orgcode) or shops (by number) it is limited to. */
  memberships: { customer: string; roleId: number; orgcode?: string; shopNumbers?: string[] }[];
  description: string;
}

const shop = (
  number: string,
  name: string,
  timeZone: string,
  province: string,
  city: string,
  latitude: number,
  longitude: number,
  cameras = 3,
  shopType: 'direct' | 'franchise' = 'direct',
): DemoShop => ({
  number,
  name,
  timeZone,
  province,
  city,
  latitude,
  longitude,
  cameras,
  shopType,
});

export const DEMO_RETAIL = 'Demo Retail';
export const NORTHWIND = 'Northwind Stores';

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: DEMO_RETAIL,
    countries: ['CN', 'KR', 'MY', 'AU', 'VN'],
    defaultTimeZone: 'Asia/Shanghai',
    regions: [
      {
        name: 'Greater China',
        orgcode: 'DR-CN',
        cities: [
          {
            name: 'Shanghai',
            orgcode: 'DR-CN-SH',
            shops: [
              shop('SH-001', 'Shanghai Nanjing Road', 'Asia/Shanghai', 'CN-SH', 'CN-SH-SH', 31.2352, 121.4753, 4),
              shop('SH-002', 'Shanghai Lujiazui', 'Asia/Shanghai', 'CN-SH', 'CN-SH-SH', 31.2397, 121.4998),
              shop('SH-003', 'Shanghai Xujiahui', 'Asia/Shanghai', 'CN-SH', 'CN-SH-SH', 31.1955, 121.4365, 2, 'franchise'),
            ],
          },
          {
            name: 'Hangzhou',
            orgcode: 'DR-CN-HZ',
            shops: [
              shop('HZ-001', 'Hangzhou West Lake', 'Asia/Shanghai', 'CN-ZJ', 'CN-ZJ-HZ', 30.259, 120.164),
              shop('HZ-002', 'Hangzhou Binjiang', 'Asia/Shanghai', 'CN-ZJ', 'CN-ZJ-HZ', 30.2084, 120.2119, 2, 'franchise'),
            ],
          },
        ],
      },
      {
        name: 'North Asia',
        orgcode: 'DR-NA',
        cities: [
          {
            name: 'Seoul',
            orgcode: 'DR-NA-SE',
            shops: [
              shop('SE-001', 'Seoul Gangnam', 'Asia/Seoul', 'KR-11', 'KR-11-SE', 37.4979, 127.0276, 4),
              shop('SE-002', 'Seoul Myeongdong', 'Asia/Seoul', 'KR-11', 'KR-11-SE', 37.5636, 126.9827),
            ],
          },
          { name: 'Busan', orgcode: 'DR-NA-BS', shops: [shop('BS-001', 'Busan Haeundae', 'Asia/Seoul', 'KR-26', 'KR-26-BS', 35.1631, 129.1635, 2)] },
        ],
      },
      {
        name: 'Southeast Asia & Oceania',
        orgcode: 'DR-SO',
        cities: [
          {
            name: 'Kuala Lumpur',
            orgcode: 'DR-SO-KL',
            shops: [shop('KL-001', 'Kuala Lumpur Bukit Bintang', 'Asia/Kuala_Lumpur', 'MY-14', 'MY-14-KL', 3.1466, 101.7101)],
          },
          {
            name: 'Sydney',
            orgcode: 'DR-SO-SY',
            shops: [
              shop('SY-001', 'Sydney Pitt Street', 'Australia/Sydney', 'AU-NSW', 'AU-NSW-SYD', -33.8696, 151.2082),
              shop('SY-002', 'Sydney Parramatta', 'Australia/Sydney', 'AU-NSW', 'AU-NSW-SYD', -33.815, 151.0011, 2, 'franchise'),
            ],
          },
          {
            name: 'Ho Chi Minh City',
            orgcode: 'DR-SO-HC',
            shops: [shop('HC-001', 'Saigon District 1', 'Asia/Ho_Chi_Minh', 'VN-SG', 'VN-SG-HCM', 10.7769, 106.7009)],
          },
        ],
      },
    ],
  },
  {
    name: NORTHWIND,
    countries: ['KR', 'AU'],
    defaultTimeZone: 'Asia/Seoul',
    regions: [
      {
        name: 'Korea',
        orgcode: 'NW-KR',
        cities: [
          {
            name: 'Seoul',
            orgcode: 'NW-KR-SE',
            shops: [
              shop('NW-SE-01', 'Northwind Hongdae', 'Asia/Seoul', 'KR-11', 'KR-11-SE', 37.5563, 126.9236),
              shop('NW-SE-02', 'Northwind Jamsil', 'Asia/Seoul', 'KR-11', 'KR-11-SE', 37.5133, 127.1028, 2),
            ],
          },
        ],
      },
      {
        name: 'Australia',
        orgcode: 'NW-AU',
        cities: [
          {
            name: 'Melbourne',
            orgcode: 'NW-AU-ME',
            shops: [shop('NW-ME-01', 'Northwind Bourke Street', 'Australia/Melbourne', 'AU-VIC', 'AU-VIC-MEL', -37.8136, 144.9631)],
          },
        ],
      },
    ],
  },
];

const DEMO_PASSWORD = 'Storelens#2026';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    loginName: 'admin@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Chen',
    givenName: 'Lin',
    mobile: '13800000001',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.superManager }],
    description: 'super manager, Demo Retail',
  },
  {
    loginName: 'admin@northwind.demo',
    password: 'Northwind#2026',
    surname: 'Park',
    givenName: 'Jiwoo',
    mobile: '13800000002',
    memberships: [{ customer: NORTHWIND, roleId: RoleId.superManager }],
    description: 'super manager, Northwind Stores',
  },
  {
    loginName: 'operator@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Wong',
    givenName: 'Kai',
    mobile: '13800000003',
    memberships: [
      { customer: DEMO_RETAIL, roleId: RoleId.innerOperation },
      { customer: NORTHWIND, roleId: RoleId.innerOperation },
    ],
    description: 'inner operation, both customers',
  },
  {
    loginName: 'observer@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Sato',
    givenName: 'Yui',
    mobile: '13800000004',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.observer }],
    description: 'observer, Demo Retail',
  },
  {
    loginName: 'manager@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Li',
    givenName: 'Mei',
    mobile: '13800000005',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.manager }],
    description: 'manager, Demo Retail',
  },
  {
    loginName: 'branch@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Kim',
    givenName: 'Minho',
    mobile: '13800000006',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.branchManage, orgcode: 'DR-NA' }],
    description: 'branch manager, North Asia region only',
  },
  {
    loginName: 'store@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Zhang',
    givenName: 'Wei',
    mobile: '13800000007',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.storeManage, shopNumbers: ['SH-001'] }],
    description: 'store manager, Shanghai Nanjing Road only',
  },
  {
    loginName: 'data@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Tan',
    givenName: 'Aisha',
    mobile: '13800000008',
    memberships: [
      { customer: DEMO_RETAIL, roleId: RoleId.innerData },
      { customer: NORTHWIND, roleId: RoleId.innerData },
    ],
    description: 'inner data, both customers',
  },
  {
    loginName: 'assistant@storelens.demo',
    password: DEMO_PASSWORD,
    surname: 'Nguyen',
    givenName: 'An',
    mobile: '13800000009',
    memberships: [{ customer: DEMO_RETAIL, roleId: RoleId.shopAssistant, shopNumbers: ['HC-001'] }],
    description: 'shop assistant, Saigon District 1 only',
  },
];

/** Custom calendar events of the demo, relative to the day the demo is seeded. */
export interface DemoCalendarEvent {
  customer: string;
  name: string;
  startDate: (today: Date) => string;
  endDate: (today: Date) => string;
  /** Empty: every store. */
  shopNumbers: string[];
  description: string;
}

const daysFrom = (today: Date, days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export const DEMO_CALENDAR_EVENTS: DemoCalendarEvent[] = [
  {
    customer: DEMO_RETAIL,
    name: 'Member week',
    startDate: (today) => daysFrom(today, -40),
    endDate: (today) => daysFrom(today, -34),
    shopNumbers: [],
    description: 'Double points for members in every store',
  },
  {
    customer: DEMO_RETAIL,
    name: 'Shanghai store refit',
    startDate: (today) => daysFrom(today, -20),
    endDate: (today) => daysFrom(today, -18),
    shopNumbers: ['SH-001', 'SH-002'],
    description: 'Window and fitting-room refit',
  },
  {
    customer: NORTHWIND,
    name: 'Winter sale',
    startDate: (today) => daysFrom(today, -10),
    endDate: (today) => daysFrom(today, 4),
    shopNumbers: [],
    description: '',
  },
];
