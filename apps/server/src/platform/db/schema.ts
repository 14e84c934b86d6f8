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
  /** ISO 4217: the currency of the shop's POS amounts (stored in hundredths of its major unit). */
  currency: string;
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

/** Attempts per key in a window (platform/auth/throttle.ts): accounts, client addresses, recovery targets. */
export interface ThrottleCountersTable {
  key: string;
  count: number;
  window_started_at: string;
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

/** Additive metric columns of the shop rollups (see modules/traffic/metrics.ts for their meaning). */
export type ShopMetricColumn =
  | 'entries'
  | 'exits'
  | 'passersby'
  | 'staff_entries'
  | 'visits'
  | 'new_visits'
  | 'repeat_visits'
  | 'staff_visits'
  | 'dwell_sum_s'
  | 'deep_visits'
  | 'depth_light'
  | 'depth_moderate'
  | 'depth_deep'
  | 'dwell_b0'
  | 'dwell_b1'
  | 'dwell_b2'
  | 'dwell_b3'
  | 'dwell_b4'
  | 'dwell_b5'
  | 'dwell_b6'
  | 'gender_male'
  | 'gender_female'
  | 'gender_unknown'
  | 'age_0'
  | 'age_1'
  | 'age_2'
  | 'age_3'
  | 'age_4'
  | 'age_5'
  | 'age_6';
export type EntranceMetricColumn = 'entries' | 'exits' | 'passersby' | 'staff_entries';
export type ShopMetrics = Record<ShopMetricColumn, number>;
export type EntranceMetrics = Record<EntranceMetricColumn, number>;

/** One delivered device batch: the idempotency key per box and the answer it got. */
export interface TrafficBatchesTable {
  customer_id: string;
  box_id: string;
  batch_id: string;
  /** Server id of the batch; raw rows point at it. */
  ref: string;
  shop_id: string;
  received_at: string;
  event_count: number;
  /** JSON of the BatchSummary answered. */
  summary: string;
}

interface RawEventKey {
  customer_id: string;
  batch_ref: string;
  /** Position of the event in its batch. */
  seq: number;
  shop_id: string;
  /** Shop-local date and hour, derived at ingest (and again by a rebuild). */
  local_date: string;
  hour: number;
}
export interface TrafficLineEventsTable extends RawEventKey {
  camera_id: string;
  at: string;
  direction: 'in' | 'out';
  count: number;
  is_staff: number;
}
export interface TrafficPasserbyEventsTable extends RawEventKey {
  camera_id: string;
  at: string;
  count: number;
}
export interface TrafficZoneEventsTable extends RawEventKey {
  camera_id: string;
  region_id: string;
  visitor_id: string | null;
  entered_at: string;
  exited_at: string;
  dwell_s: number;
}
export interface TrafficVisitsTable extends RawEventKey {
  visitor_id: string;
  entered_at: string;
  exited_at: string;
  camera_id: string | null;
  gender: string;
  age_band: string;
  is_staff: number;
  dwell_s: number;
  /** 1 for the visitor's first (non-staff) visit to the shop. */
  is_new: number;
  /** Seconds since the same visitor's previous visit to the shop; null for a first visit. */
  revisit_gap_s: number | null;
}

export type TrafficShopHourlyTable = { customer_id: string; shop_id: string; local_date: string; hour: number } & ShopMetrics;
export type TrafficShopDailyTable = { customer_id: string; shop_id: string; local_date: string } & ShopMetrics;
export type TrafficShopWeeklyTable = { customer_id: string; shop_id: string; week_start: string } & ShopMetrics;
export type TrafficShopMonthlyTable = { customer_id: string; shop_id: string; month: string } & ShopMetrics;
export type TrafficEntranceHourlyTable = { customer_id: string; shop_id: string; camera_id: string; local_date: string; hour: number } & EntranceMetrics;
export type TrafficEntranceDailyTable = { customer_id: string; shop_id: string; camera_id: string; local_date: string } & EntranceMetrics;
export interface TrafficZoneDailyTable {
  customer_id: string;
  shop_id: string;
  camera_id: string;
  region_id: string;
  local_date: string;
  stays: number;
  dwell_sum_s: number;
}

export interface TrafficShopStatusTable {
  customer_id: string;
  shop_id: string;
  /** When the shop's box last delivered a batch: the 'Data Update Time'. */
  last_ingest_at: string;
  last_event_at: string | null;
}

/** Per shop: the first local date whose visit-level data is kept; earlier dates were purged (privacy retention). */
/** Per shop and local hour: how many reports (events, heartbeats) its devices sent (issue 11: no data is not zero). */
export interface TrafficShopCoverageTable {
  customer_id: string;
  shop_id: string;
  local_date: string;
  hour: number;
  reports: number;
  /** The UTC instant the hour starts; null for hours taken over from the rollups by migration 0012. */
  utc_hour: string | null;
}

export interface TrafficRetentionTable {
  customer_id: string;
  shop_id: string;
  retained_from: string;
  purged_at: string;
}

export interface FlowSettingsTable {
  customer_id: string;
  /** JSON of FlowSettings. */
  settings: string;
  updated_by: string | null;
  updated_at: string;
}

export interface PrivacySettingsTable {
  customer_id: string;
  blur_faces: number;
  retention_days: number;
  updated_by: string | null;
  updated_at: string;
}

export interface CalendarEventsTable {
  customer_id: string;
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  all_shops: number;
  description: string;
  enabled: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarEventShopsTable {
  customer_id: string;
  event_id: string;
  shop_id: string;
}

export interface CustomReportsTable {
  customer_id: string;
  id: string;
  user_id: string;
  name: string;
  /** JSON of ReportDefinition. */
  definition: string;
  created_at: string;
  updated_at: string;
}

/** The customer's POS file template: JSON array of { field, header, enabled } in file order. */
export interface SalesTemplatesTable {
  customer_id: string;
  columns: string;
  updated_by: string | null;
  updated_at: string;
}

/** One uploaded POS file: a durable import job and its outcome (spec sections 3 and 4). */
export interface PosUploadsTable {
  customer_id: string;
  id: string;
  /** The upload request the file came with (up to 10 files). */
  batch_id: string;
  /** Null for uploads of the system (the demo seed). */
  user_id: string | null;
  file_name: string;
  size_bytes: number;
  /** Path of the stored file under DATA_DIR. */
  stored_name: string;
  /** JSON of the template columns in force when the file was uploaded. */
  template: string;
  status: 'waiting' | 'uploading' | 'completed' | 'failed';
  progress: number;
  rows_total: number | null;
  imported_rows: number;
  error_rows: number;
  /** JSON array of { row, column (header text), message (a message reference) }. */
  errors: string;
  /** Message reference of why it failed. */
  failure: string | null;
  attempts: number;
  worker_id: string | null;
  heartbeat_at: string | null;
  uploaded_at: string;
  started_at: string | null;
  finished_at: string | null;
  first_date: string | null;
  last_date: string | null;
  shop_count: number;
  audit_state: 'unreviewed' | 'audited';
  audited_by: string | null;
  audited_at: string | null;
}

/** One imported order (a row of a POS file); the order number is unique per customer. */
export interface PosOrdersTable {
  customer_id: string;
  order_number: string;
  shop_id: string;
  local_date: string;
  /** Minutes after the shop-local midnight; null when the file gave no time. */
  minute_of_day: number | null;
  quantity_milli: number;
  amount_cents: number;
  item_count: number | null;
  payment_type: string | null;
  upload_id: string;
}

/** A store-day a POS upload imported; `replaced_by`: the later upload that imported the same store-day (null while it still provides it). */
export interface PosUploadDaysTable {
  customer_id: string;
  upload_id: string;
  shop_id: string;
  local_date: string;
  replaced_by: string | null;
}

/** Additive columns of the sales rollups (see modules/sales/sales-metrics.ts). */
export interface SalesMetrics {
  net_sales_cents: number;
  transactions: number;
  returns: number;
  units_milli: number;
  items: number;
}
export type SalesShopHourlyTable = { customer_id: string; shop_id: string; local_date: string; hour: number } & SalesMetrics;
export type SalesShopDailyTable = { customer_id: string; shop_id: string; local_date: string; upload_id: string; updated_at: string } & SalesMetrics &
  Record<'basket_b0' | 'basket_b1' | 'basket_b2' | 'basket_b3' | 'basket_b4' | 'basket_b5' | 'basket_b6', number>;

/** A city's weather of a day (public: no customer). City names are matched to shops' city fields as written (trimmed). */
/** The customer's reporting currency: figures over shops of several currencies are converted to it. */
export interface CurrencySettingsTable {
  customer_id: string;
  reporting_currency: string;
  updated_by: string | null;
  updated_at: string;
}

/** A dated exchange rate kept by an administrator: it applies from its date until the pair's next rate. */
export interface ExchangeRatesTable {
  customer_id: string;
  id: string;
  base_currency: string;
  quote_currency: string;
  rate_date: string;
  /** Units of the quote currency for one unit of the base currency. */
  rate: number;
  source: string;
  updated_by: string | null;
  updated_at: string;
}

export interface WeatherDailyTable {
  country: string;
  city: string;
  local_date: string;
  condition: string;
  high_c: number;
  low_c: number;
  precipitation_mm: number;
  source: string;
  updated_at: string;
}

/** platform/jobs: one durable job (a platform table; customer_id names whom it works for, if anyone). */
export interface JobsTable {
  id: string;
  name: string;
  customer_id: string | null;
  /** JSON. */
  payload: string;
  status: 'waiting' | 'running' | 'completed' | 'failed';
  /** Not claimed before this time (scheduled work, retry backoff). */
  run_at: string;
  attempts: number;
  max_attempts: number;
  /** 0-100, reported by the handler. */
  progress: number;
  last_error: string | null;
  /** One job per key: a schedule's occurrence, an idempotent request. */
  unique_key: string | null;
  /** At most one running job per key. */
  concurrency_key: string | null;
  locked_by: string | null;
  heartbeat_at: string | null;
  /** Enqueue order, strictly rising within a process. */
  seq: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A camera's video source (issue 12): a stream the recorder pulls, or an edge box that keeps its own recordings. */
export interface VideoSourcesTable {
  customer_id: string;
  camera_id: string;
  kind: 'stream' | 'edge';
  url: string | null;
  record: 'continuous' | 'onDemand';
  updated_at: string;
}

/** One recorded fMP4 segment of a camera: [start_ms, end_ms), its bytes at `location` in video storage. */
export interface VideoSegmentsTable {
  customer_id: string;
  id: string;
  camera_id: string;
  start_ms: number;
  end_ms: number;
  bytes: number;
  location: string;
  init_bytes: number;
  media_bytes: number;
  run_id: string;
  created_at: string;
}

/** Recorded milliseconds of a camera in a 10-minute bucket (bucket_ms: the bucket's start), kept with the index. */
export interface VideoAvailabilityTable {
  customer_id: string;
  camera_id: string;
  bucket_ms: number;
  recorded_ms: number;
}

/** The camera live log: who watched which camera, what and when. */
export interface VideoWatchLogTable {
  customer_id: string;
  id: string;
  user_id: string;
  camera_id: string;
  kind: 'live' | 'playback' | 'screenshot' | 'download';
  from_ms: number | null;
  to_ms: number | null;
  at: string;
}

/** A video download task (issue 12 section 3): a camera's range cut into one MP4 by a job, kept 30 days. */
export interface VideoDownloadsTable {
  customer_id: string;
  id: string;
  shop_id: string;
  camera_id: string;
  start_ms: number;
  end_ms: number;
  status: 'toBeGenerated' | 'generating' | 'generated' | 'failed' | 'expired';
  progress: number;
  /** A message reference: why it failed. */
  failure: string | null;
  /** The MP4 in video storage ('downloads/<customer>/<id>.mp4') once generated. */
  location: string | null;
  bytes: number | null;
  attempts: number;
  created_by: string;
  created_at: string;
  completed_at: string | null;
}

/** A store's panorama (virtual store / panoramic tour); the image and its tiles live in object storage under storage_prefix. */
export interface PanoramasTable {
  customer_id: string;
  id: string;
  shop_id: string;
  name: string;
  sort_order: number;
  initial_yaw: number;
  initial_pitch: number;
  /** The stored (tiled) size. */
  width: number;
  height: number;
  uploaded_width: number;
  uploaded_height: number;
  bytes: number;
  sha256: string;
  storage_prefix: string;
  tile_cols: number;
  tile_rows: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A point on a panorama: a camera's live view, or a link to another panorama of the same store. */
export interface PanoramaHotspotsTable {
  customer_id: string;
  id: string;
  panorama_id: string;
  position: number;
  kind: 'camera' | 'link';
  yaw: number;
  pitch: number;
  label: string;
  camera_id: string | null;
  target_panorama_id: string | null;
}

export interface Database {
  jobs: JobsTable;
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
  throttle_counters: ThrottleCountersTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  messages: MessagesTable;
  shop_logs: ShopLogsTable;
  shop_groups: ShopGroupsTable;
  shop_group_shops: ShopGroupShopsTable;
  alert_settings: AlertSettingsTable;
  import_reports: ImportReportsTable;
  traffic_batches: TrafficBatchesTable;
  traffic_line_events: TrafficLineEventsTable;
  traffic_passerby_events: TrafficPasserbyEventsTable;
  traffic_zone_events: TrafficZoneEventsTable;
  traffic_visits: TrafficVisitsTable;
  traffic_shop_hourly: TrafficShopHourlyTable;
  traffic_shop_daily: TrafficShopDailyTable;
  traffic_shop_weekly: TrafficShopWeeklyTable;
  traffic_shop_monthly: TrafficShopMonthlyTable;
  traffic_entrance_hourly: TrafficEntranceHourlyTable;
  traffic_entrance_daily: TrafficEntranceDailyTable;
  traffic_zone_daily: TrafficZoneDailyTable;
  traffic_shop_status: TrafficShopStatusTable;
  traffic_retention: TrafficRetentionTable;
  traffic_shop_coverage: TrafficShopCoverageTable;
  flow_settings: FlowSettingsTable;
  privacy_settings: PrivacySettingsTable;
  calendar_events: CalendarEventsTable;
  calendar_event_shops: CalendarEventShopsTable;
  custom_reports: CustomReportsTable;
  sales_templates: SalesTemplatesTable;
  pos_uploads: PosUploadsTable;
  pos_orders: PosOrdersTable;
  pos_upload_days: PosUploadDaysTable;
  sales_shop_daily: SalesShopDailyTable;
  sales_shop_hourly: SalesShopHourlyTable;
  weather_daily: WeatherDailyTable;
  currency_settings: CurrencySettingsTable;
  exchange_rates: ExchangeRatesTable;
  video_sources: VideoSourcesTable;
  video_segments: VideoSegmentsTable;
  video_availability: VideoAvailabilityTable;
  video_watch_log: VideoWatchLogTable;
  video_downloads: VideoDownloadsTable;
  panoramas: PanoramasTable;
  panorama_hotspots: PanoramaHotspotsTable;
}

/** Tables that belong to one customer. */
export type TenantTable =
  | 'panoramas'
  | 'panorama_hotspots'
  | 'video_sources'
  | 'video_segments'
  | 'video_availability'
  | 'video_watch_log'
  | 'video_downloads'
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
  | 'import_reports'
  | 'traffic_batches'
  | 'traffic_line_events'
  | 'traffic_passerby_events'
  | 'traffic_zone_events'
  | 'traffic_visits'
  | 'traffic_shop_hourly'
  | 'traffic_shop_daily'
  | 'traffic_shop_weekly'
  | 'traffic_shop_monthly'
  | 'traffic_entrance_hourly'
  | 'traffic_entrance_daily'
  | 'traffic_zone_daily'
  | 'traffic_shop_status'
  | 'traffic_retention'
  | 'traffic_shop_coverage'
  | 'flow_settings'
  | 'privacy_settings'
  | 'calendar_events'
  | 'calendar_event_shops'
  | 'custom_reports'
  | 'sales_templates'
  | 'pos_uploads'
  | 'pos_orders'
  | 'pos_upload_days'
  | 'sales_shop_daily'
  | 'sales_shop_hourly'
  | 'currency_settings'
  | 'exchange_rates';
