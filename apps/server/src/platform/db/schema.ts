import type { Generated } from 'kysely';

/**
 * The database schema as Kysely sees it. Times are ISO-8601 UTC strings (both dialects sort them
 * correctly); booleans are 0/1 integers; JSON is text. Every tenant table carries customer_id in
 * its primary key and unique constraints (DESIGN T1, T3).
 */
export interface CustomersTable {
  id: string;
  name: string;
  /** JSON array of ISO country codes whose public holidays apply. */
  countries: string;
  default_time_zone: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  login_name: string;
  password_hash: string;
  surname: string;
  given_name: string;
  employee_no: string | null;
  mobile: string | null;
  email: string;
  signup_type: 'mobile' | 'email';
  enabled: number;
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  customer_id: string;
  user_id: string;
  role_id: number;
  /** The organisation whose subtree the user may see; null means the whole customer. */
  org_id: string | null;
  enabled: number;
  created_at: string;
}

export interface MembershipShopsTable {
  customer_id: string;
  user_id: string;
  shop_id: string;
}

export interface RolesTable {
  customer_id: string;
  id: number;
  name: string;
  is_system: number;
  /** JSON object: permission key -> 0 | 1 | 2. */
  privileges: string;
  updated_at: string;
}

export interface OrgsTable {
  customer_id: string;
  id: string;
  parent_id: string | null;
  name: string;
  level: number;
  orgcode: string;
  created_at: string;
}

export interface ShopsTable {
  customer_id: string;
  id: string;
  org_id: string;
  name: string;
  number: string;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  status: 'open' | 'closed' | 'temporarily_closed';
  closed_at: string | null;
  shop_type: 'direct' | 'franchise' | 'other';
  floor_area: number | null;
  staff_count: number | null;
  /** HH:mm-HH:mm in the shop's time zone. */
  business_hours: string;
  video_playback_hours: string;
  traffic_display_hours: string;
  visit_interval_minutes: number;
  time_zone: string;
  indoor_positioning: number;
  positioning_engine: string | null;
  campus: string | null;
  building: string | null;
  labels: string;
  created_at: string;
  updated_at: string;
  /** Feature switches; closing a shop turns all four off (spec section 4), later issues honour them. */
  analytics_enabled: number;
  monitoring_enabled: number;
  inspections_enabled: number;
  live_video_enabled: number;
}

export interface BoxesTable {
  customer_id: string;
  id: string;
  shop_id: string;
  mac: string;
  name: string;
  token_hash: string | null;
  activated: number;
  last_report_at: string | null;
  created_at: string;
  deployment_area: string | null;
}

export interface CamerasTable {
  customer_id: string;
  id: string;
  shop_id: string;
  box_id: string;
  name: string;
  number: string;
  deployment_area: string | null;
  enabled: number;
  last_report_at: string | null;
  created_at: string;
  mac: string | null;
  /** When the last camera-offline alarm went out, so none repeats within the customer's interval. */
  last_alarm_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  customer_id: string | null;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

export interface LoginThrottleTable {
  account: string;
  failures: number;
  last_failure_at: string;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: string;
  used: number;
}

export interface VerificationCodesTable {
  id: string;
  user_id: string;
  channel: 'email' | 'mobile';
  target: string;
  code_hash: string;
  attempts: number;
  verified: number;
  used: number;
  sent_at: string;
  expires_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface MessagesTable {
  customer_id: string;
  id: string;
  user_id: string;
  /** 1 alarm, 2 plan, 3 rectification: the message center's tabs. */
  kind: number;
  title: string;
  body: string;
  read_at: string | null;
  created_at: string;
  /** What raised the message (camera_offline, ...) and the id it is about. */
  source: string | null;
  ref_id: string | null;
}

export interface ShopLogsTable {
  customer_id: string;
  id: string;
  shop_id: string;
  /** Null for changes made by the system (the demo seed). */
  user_id: string | null;
  action: 'add' | 'import' | 'update' | 'status';
  /** JSON array of { field, old, new }. */
  changes: string;
  created_at: string;
}

export interface ShopGroupsTable {
  customer_id: string;
  id: string;
  name: string;
  /** JSON array of role ids that may use the group; empty means every role. */
  role_ids: string;
  score: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShopGroupShopsTable {
  customer_id: string;
  group_id: string;
  shop_id: string;
}

export interface AlertSettingsTable {
  customer_id: string;
  enabled: number;
  /** JSON array of 'sms' | 'phone' | 'email'. */
  modes: string;
  /** JSON array of user ids. */
  recipient_ids: string;
  interval_minutes: number;
  offline_after_minutes: number;
  updated_by: string | null;
  updated_at: string;
}

export interface ImportReportsTable {
  customer_id: string;
  id: string;
  kind: 'shops' | 'users';
  user_id: string;
  file_name: string;
  /** JSON array of { row, column (a message key), message (a message reference) }. */
  errors: string;
  created_at: string;
}

export interface Database {
  customers: CustomersTable;
  users: UsersTable;
  memberships: MembershipsTable;
  membership_shops: MembershipShopsTable;
  roles: RolesTable;
  orgs: OrgsTable;
  shops: ShopsTable;
  boxes: BoxesTable;
  cameras: CamerasTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  messages: MessagesTable;
  shop_logs: ShopLogsTable;
  shop_groups: ShopGroupsTable;
  shop_group_shops: ShopGroupShopsTable;
  alert_settings: AlertSettingsTable;
  import_reports: ImportReportsTable;
}

/** Tables that belong to one customer. */
export type TenantTable =
  | 'memberships'
  | 'membership_shops'
  | 'roles'
  | 'orgs'
  | 'shops'
  | 'boxes'
  | 'cameras'
  | 'messages'
  | 'shop_logs'
  | 'shop_groups'
  | 'shop_group_shops'
  | 'alert_settings'
  | 'import_reports';
