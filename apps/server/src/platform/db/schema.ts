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
  kind: 'shops' | 'users' | 'floorplan_cameras' | 'inspection_items';
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
  /** 1: the boxes' Wi-Fi sightings are collected (issue 17, migration 0025). */
  collect_wifi: number;
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

/** A shop's floor plan (issue 13). Geometry is in metres on the plan (origin top-left, y down); the image lives in object storage. */
export interface FloorPlansTable {
  customer_id: string;
  id: string;
  shop_id: string;
  name: string;
  number: string;
  floor: number;
  pixels_per_metre: number;
  width_m: number;
  height_m: number;
  image_key: string;
  image_type: 'png' | 'jpeg';
  image_width: number;
  image_height: number;
  image_bytes: number;
  /** 1: the active configuration of its shop and floor. */
  active: number;
  /** Raised by every geometry change of the plan (its cameras and elements). */
  geometry_version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One version of a camera's point on a floor plan; the current version has retired_at null. */
export interface FloorPlanCamerasTable {
  customer_id: string;
  id: string;
  plan_id: string;
  camera_id: string;
  version: number;
  plan_version: number;
  install_position: string;
  camera_number: string;
  /** Pixels, at the calibration size calib_width × calib_height. */
  focal_x: number;
  focal_y: number;
  calib_width: number;
  calib_height: number;
  /** Degrees below the horizontal (90: looking straight down). */
  tilt_deg: number;
  install_height_m: number;
  install_x_m: number;
  install_y_m: number;
  toward_x_m: number;
  toward_y_m: number;
  plan_number: string;
  /** JSON: { matrix: 9 numbers (camera pixel -> plan metres), pairs: the clicked point pairs }; null: the pinhole model. */
  homography: string | null;
  homography_error_m: number | null;
  created_by: string | null;
  created_at: string;
  retired_at: string | null;
}

/** One version of a drawn element of a floor plan; the current version has retired_at null. */
export interface FloorPlanElementsTable {
  customer_id: string;
  id: string;
  element_id: string;
  plan_id: string;
  version: number;
  plan_version: number;
  kind: 'mask' | 'display' | 'halt' | 'enter' | 'flow' | 'region';
  name: string;
  colour: string;
  region_type: 'shelf' | 'fitting_room' | 'cashier' | null;
  linked_element_id: string | null;
  occupancy_threshold: number | null;
  enabled: number;
  min_dwell_seconds: number;
  flow_mode: 'single' | 'double' | null;
  hidden: number;
  /** JSON [[x, y], ...] in plan metres: a polygon, or a flow line's start and end. */
  points: string;
  created_by: string | null;
  created_at: string;
  retired_at: string | null;
}

/** An inspection category of the SOP (issue 14): unique per customer by its folded name. */
export interface InspectionCategoriesTable {
  customer_id: string;
  id: string;
  name: string;
  /** The name trimmed and lower-cased: what uniqueness compares. */
  name_key: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** An inspection item: available, or filed (not chosen for new plans; past plans keep it). */
export interface InspectionItemsTable {
  customer_id: string;
  id: string;
  category_id: string;
  name: string;
  name_key: string;
  description: string;
  status: 'available' | 'filed';
  /** The reference image in object storage ('inspection/items/<customer>/<item>/<sha>.jpg'). */
  image_key: string | null;
  image_sha256: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  filed_at: string | null;
}

/** An inspection plan; the state people see follows from lifecycle, validity and assignments (plan-status.ts). */
export interface InspectionPlansTable {
  customer_id: string;
  id: string;
  name: string;
  /** Null once deleted, so the name may be used again. */
  name_key: string | null;
  kind: 'single' | 'cyclic';
  lifecycle: 'draft' | 'active' | 'paused' | 'deleted';
  description: string;
  valid_from: string;
  valid_to: string;
  /** RFC 5545 rule of a cyclic plan ('FREQ=WEEKLY;BYDAY=MO,TH'); null for a single plan. */
  rrule: string | null;
  period_start: string;
  period_end: string;
  starts_at: string;
  ends_at: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** 'warehouse': a warehouse patrol plan (migration 0037), its checks in warehouse_checks. */
  plan_type: 'patrol' | 'warehouse';
}

export interface InspectionPlanShopsTable {
  customer_id: string;
  plan_id: string;
  shop_id: string;
}

export interface InspectionPlanGroupsTable {
  customer_id: string;
  plan_id: string;
  group_id: string;
}

export interface InspectionPlanHandlersTable {
  customer_id: string;
  plan_id: string;
  user_id: string;
}

export interface InspectionPlanItemsTable {
  customer_id: string;
  plan_id: string;
  item_id: string;
  position: number;
}

export interface InspectionPlanLogsTable {
  customer_id: string;
  id: string;
  plan_id: string;
  user_id: string | null;
  action: 'create' | 'modify' | 'publish' | 'pause' | 'reactivate' | 'delete';
  /** JSON array of { field, old, new }. */
  changes: string;
  created_at: string;
}

/** One occurrence of a plan in one store (unique per plan, store and local date). */
export interface InspectionAssignmentsTable {
  customer_id: string;
  id: string;
  plan_id: string;
  shop_id: string;
  batch_date: string;
  time_zone: string;
  window_start: string;
  window_end: string;
  status: 'pending' | 'completed' | 'cancelled';
  method: 'remote' | 'onsite' | null;
  item_count: number;
  passed: number;
  failed: number;
  invalid: number;
  completed_by: string | null;
  completed_at: string | null;
  /** The client's idempotency key of the submission (migration 0032): a resend with it answers the first result. */
  submission_key: string | null;
  created_at: string;
}

export interface InspectionAssignmentItemsTable {
  customer_id: string;
  assignment_id: string;
  item_id: string;
  position: number;
  item_name: string;
  category_name: string;
  result: 'pass' | 'fail' | 'invalid' | null;
  remark: string | null;
  /** The rectification a failed result raised (the rectification domain fills it). */
  rectification_id: string | null;
  recorded_by: string | null;
  recorded_at: string | null;
}

/** Item results per store-local date, item, recorded category and name over all stores (migration 0038): the analysis's totals. */
export interface InspectionItemDayTotalsTable {
  customer_id: string;
  batch_date: string;
  item_id: string;
  category_name: string;
  item_name: string;
  passed: number;
  failed: number;
  invalid: number;
}

/**
 * Per store and period, a store-local date 'YYYY-MM-DD', a month 'YYYY-MM' (migration 0042) or a
 * year 'YYYY' (0046): the analysis's per-store and per-period sums for any store filter.
 */
/**
 * Rectifications raised by inspections per store and period (the inspection's date 'YYYY-MM-DD',
 * its month 'YYYY-MM', its year 'YYYY'): raised, answered (submitted or approved), answered by the
 * deadline (migration 0048). Written by the rectification module's transitions, read by the
 * inspection analysis.
 */
export interface RectificationShopPeriodTotalsTable {
  customer_id: string;
  period: string;
  shop_id: string;
  raised: number;
  answered: number;
  answered_on_time: number;
}

export interface InspectionShopPeriodTotalsTable {
  customer_id: string;
  period: string;
  shop_id: string;
  /** Assignments not cancelled. */
  assignments: number;
  completed: number;
  /** Item counts of the completed ones. */
  passed: number;
  failed: number;
  invalid: number;
}

/**
 * Item results per store, period (a month 'YYYY-MM', migration 0042, or a year 'YYYY', 0046), item,
 * recorded category and name: the analysis's items for a store filter.
 */
export interface InspectionShopItemMonthTotalsTable {
  customer_id: string;
  period: string;
  shop_id: string;
  item_id: string;
  category_name: string;
  item_name: string;
  passed: number;
  failed: number;
  invalid: number;
}

/** A plan's counts per phase over all its stores (migration 0038): the phase list's totals. */
export interface InspectionPlanDayTotalsTable {
  customer_id: string;
  plan_id: string;
  batch_date: string;
  /** Assignments not cancelled. */
  total: number;
  done: number;
  /** Completed after their window. */
  late: number;
  passed: number;
  failed: number;
}

/** A plan notice an assignment has had (migration 0031): the claim that makes each go out once. */
export interface InspectionAssignmentNoticesTable {
  customer_id: string;
  assignment_id: string;
  kind: 'assigned' | 'dueSoon' | 'overdue';
  /** Null when claimed silently (a more urgent notice made it pointless). */
  sent_at: string | null;
  claimed_at: string;
}

/** A picture of an item's result: an image (photo or upload) or a screenshot of the store's video. */
export interface WarehousePlanSettingsTable {
  customer_id: string;
  plan_id: string;
  /** JSON array of store-local HH:mm. */
  check_times: string;
  window_minutes: number;
}

export interface WarehousePlanCamerasTable {
  customer_id: string;
  plan_id: string;
  camera_id: string;
}

export interface WarehouseChecksTable {
  customer_id: string;
  id: string;
  plan_id: string;
  assignment_id: string;
  shop_id: string;
  camera_id: string;
  check_date: string;
  check_time: string;
  due_at: string;
  window_end: string;
  capture_status: 'pending' | 'captured' | 'noVideo';
  storage_key: string | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
  result: 'pass' | 'fail' | null;
  result_source: 'ai' | 'person' | null;
  remark: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

export interface InspectionResultMediaTable {
  customer_id: string;
  id: string;
  assignment_id: string;
  item_id: string;
  kind: 'image' | 'screenshot';
  storage_key: string;
  sha256: string;
  width: number;
  height: number;
  camera_id: string | null;
  captured_at: string | null;
  /** The client's key of a picture sent from the offline queue (migration 0032), unique per assignment. */
  client_key: string | null;
  created_by: string | null;
  created_at: string;
}

// ---------------------------------------------------------------- floor-plan data (migration 0018)

/**
 * A box's person track: the camera pixels it sent and their projection onto the plan (kept 30 days).
 * Migration 0044 made it compact: the key (customer, camera, track id, start) is the primary key,
 * instants are epoch milliseconds, the points one BLOB (modules/floorplan/tracks/track-points.ts).
 */
export interface FpTracksTable {
  customer_id: string;
  camera_id: string;
  track_key: string;
  started_ms: number;
  ended_ms: number;
  id: string;
  shop_id: string;
  local_date: string;
  hour: number;
  visitor_id: string | null;
  gender: string;
  age_band: string;
  /** Null while the camera is not calibrated on a plan (and then the points hold no plan part). */
  plan_id: string | null;
  /** The camera's points and, with a plan, the plan's: encodeTrackPoints of track-points.ts. */
  points: Uint8Array;
  batch_ref: string;
}

/** A camera's dwell per grid cell in one minute (kept 30 days). */
export interface FpHeatMinutesTable {
  customer_id: string;
  shop_id: string;
  camera_id: string;
  at: string;
  local_date: string;
  hour: number;
  cols: number;
  rows: number;
  /** JSON array of dwell seconds, row by row. */
  cells: string;
  plan_id: string | null;
}

export const FP_ELEMENT_METRIC_COLUMNS = [
  'entries',
  'passes',
  'dwell_s',
  'deep_entries',
  'gender_male',
  'gender_female',
  'gender_unknown',
  'age_0',
  'age_1',
  'age_2',
  'age_3',
  'age_4',
  'age_5',
  'age_6',
] as const;
export type FpElementMetrics = Record<(typeof FP_ELEMENT_METRIC_COLUMNS)[number], number>;

/** A region's, halt area's or enter area's counts by local day (and hour), per element version. */
export interface FpElementDailyTable extends FpElementMetrics {
  customer_id: string;
  shop_id: string;
  plan_id: string;
  element_id: string;
  version: number;
  local_date: string;
}
export interface FpElementHourlyTable extends FpElementDailyTable {
  hour: number;
}

/** A flow line's crossings by direction, by local day (and hour), per line version. */
export interface FpFlowDailyTable {
  customer_id: string;
  shop_id: string;
  plan_id: string;
  line_id: string;
  version: number;
  local_date: string;
  forward: number;
  backward: number;
}
export interface FpFlowHourlyTable extends FpFlowDailyTable {
  hour: number;
}

/** From-and-go: how many went from one region to the next, by local day. */
export interface FpFromGoDailyTable {
  customer_id: string;
  shop_id: string;
  plan_id: string;
  local_date: string;
  from_id: string;
  to_id: string;
  transitions: number;
}

/** A plan's tracks and heat grid (sparse JSON {"cell": dwell ms}) by local day (and hour). */
export interface FpPlanDailyTable {
  customer_id: string;
  shop_id: string;
  plan_id: string;
  local_date: string;
  tracks: number;
  heat_minutes: number;
  heat_cols: number;
  heat_rows: number;
  heat: string;
  /**
   * The mask and camera point versions that made the heat, as sorted 'mask:<element id>:<version>' and
   * 'camera:<camera id>:<version>' joined by commas (tracks/heat.ts); '' without heat (migration 0045).
   */
  heat_geometry: string;
}
export interface FpPlanHourlyTable extends FpPlanDailyTable {
  hour: number;
}

/** The element versions (a signature) a plan's rollups were last computed with. */
export interface FpRecomputeStateTable {
  customer_id: string;
  plan_id: string;
  signature: string;
  updated_at: string;
}

/** Live occupancy of a store ('' zone) or a zone: its threshold and the last check. */
export interface FpOccupancyTable {
  customer_id: string;
  shop_id: string;
  zone_id: string;
  threshold: number | null;
  above: number;
  people: number;
  checked_at: string | null;
}

/**
 * The real-time event log (platform/realtime): append-only, followed by every web process with a
 * cursor on `id`. A platform table like `jobs`: read across customers, customer_id a column.
 */
export interface RealtimeEventsTable {
  id: Generated<number>;
  customer_id: string | null;
  /** Null: every person of the customer the type's permission admits; else this person only. */
  user_id: string | null;
  /** Null: any shop; else only people whose data scope holds the shop. */
  shop_id: string | null;
  type: string;
  /** JSON. */
  data: string;
  created_at: string;
}

/** Single-use tickets of the event stream: the SHA-256 of the ticket, deleted when redeemed. */
export interface RealtimeTicketsTable {
  customer_id: string;
  id: string;
  user_id: string;
  session_id: string;
  expires_at: string;
  created_at: string;
}

/** A customer's webhook endpoint (modules/webhooks). */
export interface WebhookEndpointsTable {
  customer_id: string;
  id: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  /** The signing secret (HMAC-SHA256 needs it itself; shown to a person once). */
  secret: string;
  /** After a rotation: the old secret, which still signs until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  secret_rotated_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint: its body and where its attempts stand. */
export interface WebhookDeliveriesTable {
  customer_id: string;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  test: number;
  created_at: string;
  finished_at: string | null;
}

/** The delivery log: every attempt with its answer. */
export interface WebhookAttemptsTable {
  customer_id: string;
  delivery_id: string;
  attempt: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

// ---------------------------------------------------------------- audiences (issue 17, migration 0025)

export interface CrowdSightingsTable {
  customer_id: string;
  shop_id: string;
  /** The box's keyed hash of the address (64 hex digits); never a raw MAC address. */
  wifi_id: string;
  first_seen_at: string;
  last_seen_at: string;
  local_date: string;
  hour: number;
  dwell_s: number;
  presence: 'inStore' | 'passerby';
  batch_ref: string;
}
export interface CrowdRandomDailyTable {
  customer_id: string;
  shop_id: string;
  local_date: string;
  presence: 'inStore' | 'passerby';
  sightings: number;
}
export interface CrowdAudiencesTable {
  customer_id: string;
  id: string;
  name: string;
  name_key: string;
  type: 'inStore' | 'inStoreAndPasserby';
  strategy: 'custom' | 'intelligent' | 'combined' | 'uploaded';
  /** The filter conditions (AudienceConditions) as JSON. */
  conditions: string;
  start_date: string | null;
  end_date: string | null;
  status: 'notGenerated' | 'generating' | 'generated' | 'failed';
  progress: number;
  failure: string | null;
  size: number;
  mac_quantity: number;
  randomized_count: number;
  version: number;
  evaluation_status: 'notAssessed' | 'assessing' | 'completed';
  evaluation: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  generated_at: string | null;
}
export interface CrowdAudienceShopsTable {
  customer_id: string;
  audience_id: string;
  shop_id: string;
}
export interface CrowdAudienceSourcesTable {
  customer_id: string;
  audience_id: string;
  source_id: string;
  position: number;
}
export interface CrowdAudienceMembersTable {
  customer_id: string;
  audience_id: string;
  wifi_id: string;
}
export interface CrowdUploadedIdsTable {
  customer_id: string;
  audience_id: string;
  wifi_id: string;
}
export interface CrowdChannelsTable {
  customer_id: string;
  id: string;
  name: string;
  name_key: string;
  format: 'csv' | 'txt';
  description: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
export interface CrowdExportsTable {
  customer_id: string;
  id: string;
  audience_id: string;
  channel_id: string;
  channel_name: string;
  rows: number;
  exported_by: string;
  exported_at: string;
}
export interface CrowdPromotionsTable {
  customer_id: string;
  id: string;
  name: string;
  audience_id: string;
  start_date: string;
  end_date: string;
  landing_url: string;
  description: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
export interface CrowdMaterialsTable {
  customer_id: string;
  id: string;
  promotion_id: string;
  file_name: string;
  location: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

// ---------------------------------------------------------------- visitor batches, data boards (issue 17, migration 0026)

export interface BatchVisitsTable {
  customer_id: string;
  id: string;
  shop_id: string;
  batch_key: string;
  type: 'single' | 'pair' | 'family' | 'group';
  count: number;
  entered_at: string;
  exited_at: string;
  stay_s: number;
  reception_started_at: string | null;
  reception_s: number | null;
  visitor_type: 'new' | 'returning' | 'member' | 'unknown';
  camera_id: string | null;
  local_date: string;
  hour: number;
  screenshots: number;
  received_at: string;
  batch_ref: string;
}
export interface BatchScreenshotsTable {
  customer_id: string;
  batch_id: string;
  idx: number;
  location: string;
  at: string | null;
  width: number;
  height: number;
}
export interface BatchShopDailyTable {
  customer_id: string;
  shop_id: string;
  local_date: string;
  batches: number;
  people: number;
  type_single: number;
  type_pair: number;
  type_family: number;
  type_group: number;
  received: number;
  stay_s: number;
  reception_s: number;
  band_none: number;
  band_under1: number;
  band_from1to3: number;
  band_from3to5: number;
  band_over5: number;
  people_none: number;
  people_under1: number;
  people_from1to3: number;
  people_from3to5: number;
  people_over5: number;
}
export interface BoardSettingsTable {
  customer_id: string;
  board: string;
  address: string;
  signing: 'none' | 'storelens' | 'metabase' | 'superset';
  resource_id: string;
  audience: string;
  /** The HS256 signing secret; never answered by any operation. */
  secret: string | null;
  updated_by: string | null;
  updated_at: string;
}

// ---------------------------------------------------------------- hygiene logs (issue 16 section 3, migration 0030)

/** A person who works in a store (not necessarily a user). */
export interface HygieneEmployeesTable {
  customer_id: string;
  id: string;
  shop_id: string;
  name: string;
  position: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** An employee's health certificate; dates are the store's calendar days. */
export interface HygieneCertificatesTable {
  customer_id: string;
  id: string;
  employee_id: string;
  shop_id: string;
  number: string;
  issuer: string;
  issued_on: string;
  expires_on: string;
  image_id: string | null;
  /** When the 30-day, 7-day and expired notices were claimed (each once). */
  remind30_at: string | null;
  remind7_at: string | null;
  expired_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A training, disinfection or waste record; the columns of the other kinds stay null. */
export interface HygieneRecordsTable {
  customer_id: string;
  id: string;
  kind: 'training' | 'disinfection' | 'waste';
  shop_id: string;
  occurred_at: string;
  local_date: string;
  topic: string | null;
  trainer: string | null;
  area: string | null;
  method: string | null;
  agent: string | null;
  person: string | null;
  waste_type: string | null;
  weight_kg: number | null;
  collector: string | null;
  image_id: string | null;
  created_by: string | null;
  created_at: string;
}

/** Who attended a training. */
export interface HygieneAttendeesTable {
  customer_id: string;
  record_id: string;
  employee_id: string;
  name: string;
}

/** A picture of a certificate or record (or an upload waiting for one: owner_id null). */
export interface HygieneMediaTable {
  customer_id: string;
  id: string;
  owner_id: string | null;
  shop_id: string | null;
  storage_key: string;
  sha256: string;
  width: number;
  height: number;
  created_by: string | null;
  created_at: string;
}

// ---------------------------------------------------------------- AI tasks (migration 0034)

/** The AI inspection item classes: one catalogue for every customer. `names` is JSON {zh,en,kr,jp}. */
export interface AiItemClassesTable {
  id: string;
  code: string;
  names: string;
  sort: number;
}

/** The AI inspection items: the event codes the boxes report. `names` is JSON {zh,en,kr,jp}. */
export interface AiItemsTable {
  id: string;
  class_id: string;
  event_code: string;
  names: string;
  default_priority: string;
  sort: number;
}

export interface AiTasksTable {
  customer_id: string;
  id: string;
  name: string;
  name_key: string;
  priority: string;
  /** ISO weekdays, comma-separated in order. */
  weekdays: string;
  start_time: string;
  end_time: string;
  enabled: number;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface AiTaskItemsTable {
  customer_id: string;
  task_id: string;
  item_id: string;
}

export interface AiTaskCamerasTable {
  customer_id: string;
  task_id: string;
  camera_id: string;
  shop_id: string;
}

// ---------------------------------------------------------------- rectification (migration 0021)

/** A rectification item (issue 14 section 4): unique per source and source key. */
export interface RectificationsTable {
  customer_id: string;
  id: string;
  source: 'inspection' | 'alarm' | 'manual';
  /** inspection: the assignment item; alarm: the alarm; manual: the item's own id. */
  source_key: string;
  shop_id: string;
  item_id: string | null;
  item_name: string;
  category_name: string;
  problem: string;
  plan_id: string | null;
  plan_name: string | null;
  assignment_id: string | null;
  /** An inspection's rectification: its assignment's store-local date (migration 0046), for the analysis's range. */
  batch_date: string | null;
  alarm_id: string | null;
  event_code: string | null;
  event_name: string | null;
  inspector_id: string | null;
  state: 'pending' | 'submitted' | 'rejected' | 'approved';
  handler_id: string;
  /** When the current handler got the item (creation, the last referral). */
  assigned_at: string;
  founder_id: string | null;
  reviewer_id: string | null;
  deadline: string;
  found_at: string;
  camera_id: string | null;
  evidence_at: string | null;
  /** A manual item's frame of the camera at evidence_at. */
  evidence_frame_status: 'none' | 'pending' | 'captured' | 'missing';
  evidence_frame_note: string | null;
  /** The camera's frame at the deadline. */
  frame_status: 'none' | 'pending' | 'captured' | 'missing';
  frame_note: string | null;
  feedback: string | null;
  feedback_round: number;
  submitted_at: string | null;
  reject_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  due_soon_at: string | null;
  overdue_at: string | null;
  escalated_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A picture of a rectification (or an upload waiting for one: rectification_id null). */
export interface RectificationMediaTable {
  customer_id: string;
  id: string;
  rectification_id: string | null;
  role: 'evidence' | 'feedback' | 'frame';
  kind: 'image' | 'screenshot';
  storage_key: string;
  sha256: string;
  width: number;
  height: number;
  camera_id: string | null;
  captured_at: string | null;
  source_media_id: string | null;
  round: number;
  /** The order its uploader or source gave. */
  position: number;
  created_by: string | null;
  created_at: string;
}

/** One entry of a rectification's append-only history. */
export interface RectificationHistoryTable {
  customer_id: string;
  id: string;
  rectification_id: string;
  seq: number;
  action: 'create' | 'submit' | 'refer' | 'approve' | 'reject' | 'dueSoon' | 'overdue' | 'escalate' | 'frame' | 'frameMissing';
  user_id: string | null;
  reason: string | null;
  text: string | null;
  from_user_id: string | null;
  /** JSON array of user ids. */
  to_user_ids: string;
  /** JSON array of media ids. */
  media_ids: string;
  note: string | null;
  created_at: string;
}

// ---------------------------------------------------------------- alarms (migration 0028)

/** An AI alarm (issue 15): repeats of its item on its camera within the fold window are counted on it. */
export interface AlarmsTable {
  customer_id: string;
  id: string;
  shop_id: string;
  camera_id: string | null;
  box_id: string | null;
  event_code: string;
  event_name: string;
  priority: 'high' | 'low';
  state: 'unconfirmed' | 'confirmed' | 'falseAlarm' | 'ignored' | 'deleted';
  tag: 'none' | 'algorithmCorrect' | 'algorithmWrong' | 'taskReason';
  delete_reason: 'system' | 'manual' | 'reinspect' | 'falseReport' | null;
  count: number;
  occurred_at: string;
  last_occurred_at: string;
  read_at: string | null;
  read_by: string | null;
  rectification_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Alarms per customer, UTC day, item, priority, state and tag, kept by the writes (migration 0040). */
export interface AlarmDayTotalsTable {
  customer_id: string;
  day: string;
  event_code: string;
  event_name: string;
  priority: 'high' | 'low';
  state: AlarmsTable['state'];
  tag: AlarmsTable['tag'];
  alarms: number;
  reports: number;
}

/** The same per UTC month 'YYYY-MM' (migration 0043). */
export interface AlarmMonthTotalsTable {
  customer_id: string;
  month: string;
  event_code: string;
  event_name: string;
  priority: 'high' | 'low';
  state: AlarmsTable['state'];
  tag: AlarmsTable['tag'];
  alarms: number;
  reports: number;
}

/** The same per store (migration 0040). */
export interface AlarmShopDayTotalsTable extends AlarmDayTotalsTable {
  shop_id: string;
}

/** Counted alarms (not ignored, not deleted) per store and UTC day or month (migration 0040). */
export interface AlarmShopPeriodTotalsTable {
  customer_id: string;
  period: string;
  shop_id: string;
  alarms: number;
  false_alarms: number;
}

/** Counted alarms per camera and UTC day or month, judged right and wrong (migration 0040). */
export interface AlarmCameraPeriodTotalsTable {
  customer_id: string;
  period: string;
  shop_id: string;
  camera_id: string;
  alarms: number;
  correct: number;
  wrong: number;
}

/** One alarm event as a box posted it (raw payload without image bytes); (box, event id) is unique. */
export interface AlarmReportsTable {
  customer_id: string;
  id: string;
  box_id: string;
  event_id: string;
  alarm_id: string;
  shop_id: string;
  outcome: 'raised' | 'folded';
  occurred_at: string;
  payload: string;
  batch_ref: string;
  received_at: string;
}

/** An image of an alarm, kept in object storage. */
export interface AlarmImagesTable {
  customer_id: string;
  id: string;
  alarm_id: string;
  report_id: string;
  idx: number;
  storage_key: string;
  sha256: string;
  width: number;
  height: number;
  captured_at: string | null;
  created_at: string;
}

/** An alarm's clip (one per alarm), kept under 'alarm-media/' for a year. */
export interface AlarmClipsTable {
  customer_id: string;
  alarm_id: string;
  report_id: string;
  storage_key: string;
  sha256: string;
  bytes: number;
  duration_ms: number;
  uploaded_at: string;
}

/** One entry of an alarm's append-only history. */
export interface AlarmHistoryTable {
  customer_id: string;
  id: string;
  alarm_id: string;
  seq: number;
  action: 'raise' | 'confirm' | 'markFalse' | 'ignore' | 'restore' | 'delete' | 'tag' | 'rectify';
  from_state: AlarmsTable['state'] | null;
  to_state: AlarmsTable['state'] | null;
  user_id: string | null;
  reason: string | null;
  tag: AlarmsTable['tag'] | null;
  created_at: string;
}

// ---------------------------------------------------------------- alarms (migration 0033)

/** A box's alarm report the system filtered before it became an alarm (event debugging shows it). */
export interface AlarmFilteredReportsTable {
  customer_id: string;
  id: string;
  box_id: string;
  event_id: string;
  shop_id: string;
  camera_id: string | null;
  event_code: string;
  priority: 'high' | 'low';
  outcome: 'ignoredClosed';
  occurred_at: string;
  payload: string;
  batch_ref: string;
  received_at: string;
}

/** A person's AI error report on an alarm (incident reports), with the operator's outcome. */
export interface AlarmErrorReportsTable {
  customer_id: string;
  id: string;
  alarm_id: string;
  shop_id: string;
  reporter_id: string;
  kind: 'falseDetection' | 'wrongItem' | 'missedDetail' | 'other';
  description: string | null;
  state: 'pending' | 'accepted' | 'rejected';
  outcome_note: string | null;
  handled_by: string | null;
  handled_at: string | null;
  created_at: string;
}

/** The customer's alarm alert settings (text message, phone, e-mail); arrays as JSON. */
export interface AlarmAlertSettingsTable {
  customer_id: string;
  enabled: number;
  channels: string;
  priorities: string;
  recipient_ids: string;
  interval_minutes: number;
  updated_by: string | null;
  updated_at: string;
}

/** Per customer and channel: what was told up to when, and when the last notice went. */
export interface AlarmAlertChannelsTable {
  customer_id: string;
  channel: 'sms' | 'phone' | 'email';
  told_through: string;
  last_sent_at: string | null;
}

/** A temperature sensor of a box (issue 16), with its limits and its breach state (survives a restart). */
export interface TemperatureSensorsTable {
  customer_id: string;
  id: string;
  shop_id: string;
  box_id: string;
  name: string;
  kind: 'fridge' | 'freezer' | 'displayCase' | 'stockRoom';
  low: number;
  high: number;
  /** Limits outside business hours; null: the business-hours ones. */
  off_low: number | null;
  off_high: number | null;
  delay_minutes: number;
  enabled: number;
  created_at: string;
  updated_at: string;
  /** The latest reading evaluated (older ones arriving late are stored, not evaluated). */
  last_at: string | null;
  last_celsius: number | null;
  last_humidity: number | null;
  breach_state: 'normal' | 'pending' | 'alert';
  breach_side: 'low' | 'high' | null;
  /** The first reading outside the limits of the current breach. */
  breach_since: string | null;
  breach_limit: number | null;
  breach_peak: number | null;
  open_alert_id: string | null;
}

export interface TemperatureReadingsTable {
  customer_id: string;
  sensor_id: string;
  at: string;
  celsius: number;
  humidity: number | null;
}

/** 5-minute buckets (UTC start) of a sensor's readings. */
export interface TemperatureRollupsTable {
  customer_id: string;
  sensor_id: string;
  bucket: string;
  n: number;
  sum: number;
  min: number;
  max: number;
}

/** A sensor's UTC hour (migration 0039): its curve point and its compliance masks, bit i its i-th 5-minute bucket. */
export interface TemperatureHoursTable {
  customer_id: string;
  sensor_id: string;
  /** 'YYYY-MM-DDTHH' in UTC. */
  hour: string;
  n: number;
  sum: number;
  min: number;
  max: number;
  /** Buckets with readings. */
  buckets: number;
  /** Buckets within the business-hours limits, and within the off-hours ones (the business ones when the sensor has none). */
  within_on: number;
  within_off: number;
  /** Set bits of the three masks, kept with them: sums in SQL without counting bits. */
  buckets_n: number;
  within_on_n: number;
  within_off_n: number;
}

export interface TemperatureAlertsTable {
  customer_id: string;
  id: string;
  sensor_id: string;
  shop_id: string;
  side: 'low' | 'high';
  limit_value: number;
  started_at: string;
  raised_at: string;
  ended_at: string | null;
  duration_s: number | null;
  peak: number;
  /** When people were last told of it (raised, or reminded while open, every alert-settings interval). */
  notified_at: string | null;
  action_text: string | null;
  action_by: string | null;
  action_at: string | null;
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
  floor_plans: FloorPlansTable;
  floor_plan_cameras: FloorPlanCamerasTable;
  floor_plan_elements: FloorPlanElementsTable;
  inspection_categories: InspectionCategoriesTable;
  inspection_items: InspectionItemsTable;
  inspection_plans: InspectionPlansTable;
  inspection_plan_shops: InspectionPlanShopsTable;
  inspection_plan_groups: InspectionPlanGroupsTable;
  inspection_plan_handlers: InspectionPlanHandlersTable;
  inspection_plan_items: InspectionPlanItemsTable;
  inspection_plan_logs: InspectionPlanLogsTable;
  inspection_assignments: InspectionAssignmentsTable;
  inspection_assignment_items: InspectionAssignmentItemsTable;
  inspection_result_media: InspectionResultMediaTable;
  warehouse_plan_settings: WarehousePlanSettingsTable;
  warehouse_plan_cameras: WarehousePlanCamerasTable;
  warehouse_checks: WarehouseChecksTable;
  inspection_assignment_notices: InspectionAssignmentNoticesTable;
  inspection_item_day_totals: InspectionItemDayTotalsTable;
  inspection_plan_day_totals: InspectionPlanDayTotalsTable;
  inspection_shop_period_totals: InspectionShopPeriodTotalsTable;
  rectification_shop_period_totals: RectificationShopPeriodTotalsTable;
  inspection_shop_item_month_totals: InspectionShopItemMonthTotalsTable;
  fp_tracks: FpTracksTable;
  fp_heat_minutes: FpHeatMinutesTable;
  fp_element_hourly: FpElementHourlyTable;
  fp_element_daily: FpElementDailyTable;
  fp_flow_hourly: FpFlowHourlyTable;
  fp_flow_daily: FpFlowDailyTable;
  fp_from_go_daily: FpFromGoDailyTable;
  fp_plan_hourly: FpPlanHourlyTable;
  fp_plan_daily: FpPlanDailyTable;
  fp_occupancy: FpOccupancyTable;
  fp_recompute_state: FpRecomputeStateTable;
  realtime_events: RealtimeEventsTable;
  realtime_tickets: RealtimeTicketsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  crowd_sightings: CrowdSightingsTable;
  crowd_random_daily: CrowdRandomDailyTable;
  crowd_audiences: CrowdAudiencesTable;
  crowd_audience_shops: CrowdAudienceShopsTable;
  crowd_audience_sources: CrowdAudienceSourcesTable;
  crowd_audience_members: CrowdAudienceMembersTable;
  crowd_uploaded_ids: CrowdUploadedIdsTable;
  crowd_channels: CrowdChannelsTable;
  crowd_exports: CrowdExportsTable;
  crowd_promotions: CrowdPromotionsTable;
  crowd_materials: CrowdMaterialsTable;
  batch_visits: BatchVisitsTable;
  batch_screenshots: BatchScreenshotsTable;
  batch_shop_daily: BatchShopDailyTable;
  board_settings: BoardSettingsTable;
  rectifications: RectificationsTable;
  rectification_media: RectificationMediaTable;
  rectification_history: RectificationHistoryTable;
  alarms: AlarmsTable;
  alarm_day_totals: AlarmDayTotalsTable;
  alarm_month_totals: AlarmMonthTotalsTable;
  alarm_shop_day_totals: AlarmShopDayTotalsTable;
  alarm_shop_period_totals: AlarmShopPeriodTotalsTable;
  alarm_camera_period_totals: AlarmCameraPeriodTotalsTable;
  alarm_reports: AlarmReportsTable;
  alarm_images: AlarmImagesTable;
  alarm_clips: AlarmClipsTable;
  alarm_history: AlarmHistoryTable;
  alarm_filtered_reports: AlarmFilteredReportsTable;
  alarm_error_reports: AlarmErrorReportsTable;
  alarm_alert_settings: AlarmAlertSettingsTable;
  alarm_alert_channels: AlarmAlertChannelsTable;
  temperature_sensors: TemperatureSensorsTable;
  temperature_readings: TemperatureReadingsTable;
  temperature_rollups: TemperatureRollupsTable;
  temperature_hours: TemperatureHoursTable;
  temperature_alerts: TemperatureAlertsTable;
  hygiene_employees: HygieneEmployeesTable;
  hygiene_certificates: HygieneCertificatesTable;
  hygiene_records: HygieneRecordsTable;
  hygiene_attendees: HygieneAttendeesTable;
  hygiene_media: HygieneMediaTable;
  ai_item_classes: AiItemClassesTable;
  ai_items: AiItemsTable;
  ai_tasks: AiTasksTable;
  ai_task_items: AiTaskItemsTable;
  ai_task_cameras: AiTaskCamerasTable;
}

/** Tables that belong to one customer. */
export type TenantTable =
  | 'warehouse_plan_settings'
  | 'warehouse_plan_cameras'
  | 'warehouse_checks'
  | 'ai_tasks'
  | 'ai_task_items'
  | 'ai_task_cameras'
  | 'alarms'
  | 'alarm_day_totals'
  | 'alarm_month_totals'
  | 'alarm_shop_day_totals'
  | 'alarm_shop_period_totals'
  | 'alarm_camera_period_totals'
  | 'alarm_reports'
  | 'alarm_images'
  | 'alarm_clips'
  | 'alarm_history'
  | 'alarm_filtered_reports'
  | 'alarm_error_reports'
  | 'alarm_alert_settings'
  | 'alarm_alert_channels'
  | 'temperature_sensors'
  | 'temperature_readings'
  | 'temperature_rollups'
  | 'temperature_hours'
  | 'temperature_alerts'
  | 'hygiene_employees'
  | 'hygiene_certificates'
  | 'hygiene_records'
  | 'hygiene_attendees'
  | 'hygiene_media'
  | 'rectifications'
  | 'rectification_media'
  | 'rectification_history'
  | 'rectification_shop_period_totals'
  | 'floor_plans'
  | 'floor_plan_cameras'
  | 'floor_plan_elements'
  | 'inspection_categories'
  | 'inspection_items'
  | 'inspection_plans'
  | 'inspection_plan_shops'
  | 'inspection_plan_groups'
  | 'inspection_plan_handlers'
  | 'inspection_plan_items'
  | 'inspection_plan_logs'
  | 'inspection_assignments'
  | 'inspection_assignment_items'
  | 'inspection_result_media'
  | 'inspection_assignment_notices'
  | 'inspection_item_day_totals'
  | 'inspection_plan_day_totals'
  | 'inspection_shop_period_totals'
  | 'inspection_shop_item_month_totals'
  | 'fp_tracks'
  | 'fp_heat_minutes'
  | 'fp_element_hourly'
  | 'fp_element_daily'
  | 'fp_flow_hourly'
  | 'fp_flow_daily'
  | 'fp_from_go_daily'
  | 'fp_plan_hourly'
  | 'fp_plan_daily'
  | 'fp_occupancy'
  | 'fp_recompute_state'
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
  | 'exchange_rates'
  | 'realtime_tickets'
  | 'webhook_endpoints'
  | 'webhook_deliveries'
  | 'webhook_attempts'
  | 'crowd_sightings'
  | 'crowd_random_daily'
  | 'crowd_audiences'
  | 'crowd_audience_shops'
  | 'crowd_audience_sources'
  | 'crowd_audience_members'
  | 'crowd_uploaded_ids'
  | 'crowd_channels'
  | 'crowd_exports'
  | 'crowd_promotions'
  | 'crowd_materials'
  | 'batch_visits'
  | 'batch_screenshots'
  | 'batch_shop_daily'
  | 'board_settings';
