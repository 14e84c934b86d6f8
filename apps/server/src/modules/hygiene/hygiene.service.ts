import {
  type CertificateCreateRequest,
  type CertificateFilter,
  type CertificateRow,
  type CertificateUpdateRequest,
  type DisinfectionCreateRequest,
  type EmployeeDetail,
  type EmployeeRow,
  HYGIENE_LIMITS,
  type HygieneDownloadRequest,
  type HygieneRecordKind,
  type HygieneRecordRow,
  type HygieneStatsRequest,
  type HygieneStatsRow,
  type HygieneStoreStatus,
  type Locale,
  type Page,
  type RecordFilter,
  type TrainingCreateRequest,
  type WasteCreateRequest,
} from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile, DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { assertKey, type ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, daysBetween, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import { prepareRectificationImage, RectificationImageRefused } from '../rectification/rectification-image.ts';
import { type CertificateStored, type EmployeeStored, hygieneRepo, type RecordStored } from './hygiene.repo.ts';
import { hygieneWorkbook } from './hygiene-export.ts';
import { certificateStatus, validOn } from './hygiene-rules.ts';

const IMAGE_MB = HYGIENE_LIMITS.imageMaxBytes / 1024 / 1024;
type Shops = readonly string[] | null;
type ShopInfo = { id: string; name: string; number: string; time_zone: string; status: string };

/** Keys are made here only, from ids the server generated (platform/storage assertKey). */
const mediaKey = (customerId: string, mediaId: string) => assertKey(`hygiene/${customerId}/${mediaId}.jpg`);

/**
 * Hygiene logs (issue 16 section 3): the stores' staff and their health certificates, the training,
 * disinfection and waste logs, pictures, Excel downloads and the per-store statistics. Everything
 * lives in a store: a caller reaches only the stores of their data scope, and what lies outside it
 * answers 'not found', exactly like another customer's ids.
 */
export function createHygieneService(deps: { db: DB; storage: ObjectStorage }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => hygieneRepo(tenantScope(on, customerId));

  // ---------------------------------------------------------------- scope

  /** The stores a list covers: the named ones (not found when any lies outside the caller's scope), else all the caller sees (null: the whole customer). */
  async function shopsFor(actor: CustomerActor, named: readonly string[] | undefined): Promise<Shops> {
    const access = accessOf(db, actor);
    if (named && named.length > 0) return access.shopIds(named);
    const scope = await access.scope();
    return scope.shopIds === null ? null : scope.visibleShopIds;
  }
  async function requireVisible(actor: CustomerActor, shopId: string): Promise<void> {
    if (!(await accessOf(db, actor).scope()).canSeeShop(shopId)) throw notFound();
  }
  async function shopInfo(actor: CustomerActor, shopIds: readonly string[]): Promise<Map<string, ShopInfo>> {
    return new Map((await repoOf(actor.customerId).shops([...new Set(shopIds)])).map((shop) => [shop.id, shop]));
  }
  const todayOf = (shop: ShopInfo | undefined) => todayIn(shop?.time_zone ?? 'UTC', now());

  async function visibleEmployee(actor: CustomerActor, employeeId: string): Promise<EmployeeStored> {
    const employee = await repoOf(actor.customerId).employee(employeeId);
    if (!employee) throw notFound();
    await requireVisible(actor, employee.shop_id);
    return employee;
  }
  async function visibleCertificate(actor: CustomerActor, certificateId: string): Promise<CertificateStored> {
    const certificate = await repoOf(actor.customerId).certificate(certificateId);
    if (!certificate) throw notFound();
    await requireVisible(actor, certificate.shop_id);
    return certificate;
  }
  async function visibleRecord(actor: CustomerActor, recordId: string): Promise<RecordStored> {
    const record = await repoOf(actor.customerId).record(recordId);
    if (!record) throw notFound();
    await requireVisible(actor, record.shop_id);
    return record;
  }

  // ---------------------------------------------------------------- presenting

  function presentCertificate(row: CertificateStored & { employee_name: string; position: string }, shops: Map<string, ShopInfo>): CertificateRow {
    const shop = shops.get(row.shop_id);
    const { status, daysLeft } = certificateStatus(row.expires_on, todayOf(shop));
    return {
      certificateId: row.id,
      employeeId: row.employee_id,
      employeeName: row.employee_name,
      position: row.position,
      shopId: row.shop_id,
      shopName: shop?.name ?? '',
      number: row.number,
      issuer: row.issuer,
      issuedOn: row.issued_on,
      expiresOn: row.expires_on,
      status,
      daysLeft,
      imageId: row.image_id,
      createdAt: row.created_at,
    };
  }

  async function presentEmployees(actor: CustomerActor, rows: readonly EmployeeStored[]): Promise<EmployeeRow[]> {
    const repo = repoOf(actor.customerId);
    const [shops, certificates] = await Promise.all([
      shopInfo(
        actor,
        rows.map((row) => row.shop_id),
      ),
      repo.certificatesOfEmployees(rows.map((row) => row.id)),
    ]);
    const latest = new Map<string, string>();
    for (const certificate of certificates)
      if ((latest.get(certificate.employee_id) ?? '') < certificate.expires_on) latest.set(certificate.employee_id, certificate.expires_on);
    return rows.map((row) => {
      const shop = shops.get(row.shop_id);
      const expiresOn = latest.get(row.id) ?? null;
      return {
        employeeId: row.id,
        shopId: row.shop_id,
        shopName: shop?.name ?? '',
        name: row.name,
        position: row.position,
        certificateExpiresOn: expiresOn,
        certificateStatus: expiresOn ? certificateStatus(expiresOn, todayOf(shop)).status : null,
        createdAt: row.created_at,
      };
    });
  }

  async function presentRecords(actor: CustomerActor, rows: readonly RecordStored[]): Promise<HygieneRecordRow[]> {
    const repo = repoOf(actor.customerId);
    const [shops, attendees] = await Promise.all([
      shopInfo(
        actor,
        rows.map((row) => row.shop_id),
      ),
      repo.attendeesOf(rows.filter((row) => row.kind === 'training').map((row) => row.id)),
    ]);
    const attendeesOf = new Map<string, { employeeId: string; name: string }[]>();
    for (const attendee of attendees)
      attendeesOf.set(attendee.record_id, [...(attendeesOf.get(attendee.record_id) ?? []), { employeeId: attendee.employee_id, name: attendee.name }]);
    return rows.map((row) => ({
      recordId: row.id,
      kind: row.kind,
      shopId: row.shop_id,
      shopName: shops.get(row.shop_id)?.name ?? '',
      occurredAt: row.occurred_at,
      localDate: row.local_date,
      topic: row.topic,
      trainer: row.trainer,
      attendees: attendeesOf.get(row.id) ?? [],
      area: row.area,
      method: row.method,
      agent: row.agent,
      person: row.person,
      wasteType: row.waste_type,
      weightKg: row.weight_kg === null ? null : Number(row.weight_kg),
      collector: row.collector,
      imageId: row.image_id,
      createdAt: row.created_at,
    }));
  }

  /** Certificates of the stores with the filter; a status filter is read on each store's own day, so it is applied here. */
  async function certificatesFor(actor: CustomerActor, filter: CertificateFilter): Promise<CertificateRow[]> {
    const shopIds = await shopsFor(actor, filter.shopIds);
    const rows = await repoOf(actor.customerId).listCertificates({ shopIds, keyword: filter.keyword });
    const shops = await shopInfo(
      actor,
      rows.map((row) => row.shop_id),
    );
    const presented = rows.map((row) => presentCertificate(row, shops));
    return filter.status ? presented.filter((row) => row.status === filter.status) : presented;
  }

  // ---------------------------------------------------------------- pictures

  /** The one file part of a multipart upload, at most imageMaxBytes. */
  async function receiveImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw badRequest('hygiene.noImageFile');
    let content: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || content) throw badRequest('hygiene.noImageFile');
        content = await part.toBuffer();
        if (part.file.truncated) throw refused('hygiene.imageTooLarge', { mb: IMAGE_MB });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('hygiene.imageTooLarge', { mb: IMAGE_MB });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('hygiene.noImageFile');
      throw error;
    }
    if (!content || content.length === 0) throw badRequest('hygiene.noImageFile');
    return content;
  }

  /** Checks a picture by its content (rectification's image rules: JPEG, PNG or WebP, upright, no metadata) and keeps it until a certificate or record takes it. */
  async function storeImage(actor: CustomerActor, content: Buffer): Promise<{ mediaId: string; width: number; height: number }> {
    let prepared: Awaited<ReturnType<typeof prepareRectificationImage>>;
    try {
      prepared = await prepareRectificationImage(content);
    } catch (error) {
      if (error instanceof RectificationImageRefused) throw refused('hygiene.imageInvalid');
      throw error;
    }
    const mediaId = newId();
    const key = mediaKey(actor.customerId, mediaId);
    await storage.putBuffer(key, prepared.jpeg);
    try {
      await repoOf(actor.customerId).insertMedia({
        id: mediaId,
        owner_id: null,
        shop_id: null,
        storage_key: key,
        sha256: prepared.sha256,
        width: prepared.width,
        height: prepared.height,
        created_by: actor.userId,
        created_at: nowIso(),
      });
    } catch (error) {
      // Nothing half-written (DESIGN R1): the picture without its row goes.
      await storage.delete([key]);
      throw error;
    }
    return { mediaId, width: prepared.width, height: prepared.height };
  }

  /** Takes the caller's waiting upload for an owner, inside the owner's transaction, or refuses with what a person reads. */
  async function takeUpload(actor: CustomerActor, on: DB, mediaId: string, ownerId: string, shopId: string): Promise<void> {
    if (!(await repoOf(actor.customerId, on).claimUpload(mediaId, actor.userId, ownerId, shopId))) throw refused('hygiene.imageUnknown');
  }

  /** Deletes owners' pictures: rows in the transaction given, objects after it commits (a failed commit keeps them). */
  async function dropPictures(actor: CustomerActor, on: DB, ownerIds: readonly string[], keepIds: readonly string[] = []): Promise<string[]> {
    const repo = repoOf(actor.customerId, on);
    const media = (await repo.mediaOfOwners(ownerIds)).filter((item) => !keepIds.includes(item.id));
    await repo.deleteMedia(media.map((item) => item.id));
    return media.map((item) => item.storage_key);
  }

  // ---------------------------------------------------------------- records

  async function insertRecord(
    actor: CustomerActor,
    kind: HygieneRecordKind,
    shopId: string,
    fields: Partial<Pick<RecordStored, 'topic' | 'trainer' | 'area' | 'method' | 'agent' | 'person' | 'waste_type' | 'weight_kg' | 'collector'>>,
    when: { occurredAt?: string; date?: string },
    imageId: string | undefined,
    attendeeIds: readonly string[] = [],
  ): Promise<{ recordId: string }> {
    await accessOf(db, actor).requireShop(shopId);
    const shop = (await shopInfo(actor, [shopId])).get(shopId);
    if (!shop) throw notFound();
    const occurredAt = when.date ? new Date(utcOfLocal(shop.time_zone, when.date, 0, 0)).toISOString() : (when.occurredAt ?? nowIso());
    const localDate = when.date ?? todayIn(shop.time_zone, new Date(occurredAt));
    const attendees = attendeeIds.length > 0 ? await repoOf(actor.customerId).employeesByIds([...new Set(attendeeIds)]) : [];
    if (attendees.length !== new Set(attendeeIds).size || attendees.some((employee) => employee.shop_id !== shopId)) throw refused('hygiene.attendeeNotInShop');
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const repo = repoOf(actor.customerId, trx);
      if (imageId) await takeUpload(actor, trx, imageId, id, shopId);
      await repo.insertRecord({
        id,
        kind,
        shop_id: shopId,
        occurred_at: new Date(occurredAt).toISOString(),
        local_date: localDate,
        topic: null,
        trainer: null,
        area: null,
        method: null,
        agent: null,
        person: null,
        waste_type: null,
        weight_kg: null,
        collector: null,
        ...fields,
        image_id: imageId ?? null,
        created_by: actor.userId,
        created_at: nowIso(),
      });
      await repo.insertAttendees(attendees.map((employee) => ({ record_id: id, employee_id: employee.id, name: employee.name })));
    });
    return { recordId: id };
  }

  async function recordsFor(actor: CustomerActor, filter: RecordFilter) {
    return { kind: filter.kind, shopIds: await shopsFor(actor, filter.shopIds), startDate: filter.startDate, endDate: filter.endDate };
  }

  return {
    // ---------------------------------------------------------------- employees
    async employeeList(
      actor: CustomerActor,
      input: { shopIds?: string[] | undefined; keyword?: string | undefined; page: number; pageSize: number },
    ): Promise<Page<EmployeeRow>> {
      const shopIds = await shopsFor(actor, input.shopIds);
      const repo = repoOf(actor.customerId);
      const [total, rows] = await Promise.all([
        repo.countEmployees(shopIds, input.keyword),
        repo.listEmployees(shopIds, input.keyword, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize }),
      ]);
      return { total, page: input.page, pageSize: input.pageSize, list: await presentEmployees(actor, rows) };
    },

    async employeeDetail(actor: CustomerActor, employeeId: string): Promise<EmployeeDetail> {
      const employee = await visibleEmployee(actor, employeeId);
      const repo = repoOf(actor.customerId);
      const [[row], certificates, trainings] = await Promise.all([
        presentEmployees(actor, [employee]),
        repo.certificatesOfEmployees([employee.id]),
        repo.recordIdsAttendedBy(employee.id).then((ids) => repo.recordsByIds(ids)),
      ]);
      if (!row) throw notFound();
      const shops = await shopInfo(actor, [employee.shop_id]);
      return {
        ...row,
        certificates: certificates.map((certificate) =>
          presentCertificate({ ...certificate, employee_name: employee.name, position: employee.position }, shops),
        ),
        trainings: await presentRecords(actor, trainings),
      };
    },

    async employeeCreate(actor: CustomerActor, input: { shopId: string; name: string; position: string }): Promise<{ employeeId: string }> {
      await accessOf(db, actor).requireShop(input.shopId);
      const id = newId();
      const at = nowIso();
      await repoOf(actor.customerId).insertEmployee({
        id,
        shop_id: input.shopId,
        name: input.name,
        position: input.position,
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      return { employeeId: id };
    },

    async employeeUpdate(actor: CustomerActor, input: { employeeId: string; name: string; position: string }): Promise<{ employeeId: string }> {
      const employee = await visibleEmployee(actor, input.employeeId);
      await repoOf(actor.customerId).updateEmployee(employee.id, { name: input.name, position: input.position, updated_at: nowIso() });
      return { employeeId: employee.id };
    },

    /** An employee who left goes with their certificates and pictures; trainings keep their name among the attendees. */
    async employeeDelete(actor: CustomerActor, employeeId: string): Promise<{ employeeId: string }> {
      const employee = await visibleEmployee(actor, employeeId);
      const keys = await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const certificates = await repo.certificatesOfEmployees([employee.id]);
        const dropped = await dropPictures(
          actor,
          trx,
          certificates.map((certificate) => certificate.id),
        );
        await repo.deleteCertificates(certificates.map((certificate) => certificate.id));
        await repo.deleteEmployee(employee.id);
        return dropped;
      });
      await storage.delete(keys);
      return { employeeId: employee.id };
    },

    // ---------------------------------------------------------------- certificates
    async certificateList(actor: CustomerActor, input: CertificateFilter & { page: number; pageSize: number }): Promise<Page<CertificateRow>> {
      const rows = await certificatesFor(actor, input);
      const offset = (input.page - 1) * input.pageSize;
      return { total: rows.length, page: input.page, pageSize: input.pageSize, list: rows.slice(offset, offset + input.pageSize) };
    },

    async certificateCreate(actor: CustomerActor, input: CertificateCreateRequest): Promise<{ certificateId: string }> {
      const employee = await visibleEmployee(actor, input.employeeId);
      const id = newId();
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await takeUpload(actor, trx, input.imageId, id, employee.shop_id);
        await repoOf(actor.customerId, trx).insertCertificate({
          id,
          employee_id: employee.id,
          shop_id: employee.shop_id,
          number: input.number,
          issuer: input.issuer,
          issued_on: input.issuedOn,
          expires_on: input.expiresOn,
          image_id: input.imageId,
          remind30_at: null,
          remind7_at: null,
          expired_at: null,
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
        });
      });
      return { certificateId: id };
    },

    /** A corrected certificate; a new expiry date means new reminders, a new picture replaces the old one. */
    async certificateUpdate(actor: CustomerActor, input: CertificateUpdateRequest): Promise<{ certificateId: string }> {
      const certificate = await visibleCertificate(actor, input.certificateId);
      const keys = await db.transaction().execute(async (trx) => {
        const newImage = input.imageId !== certificate.image_id;
        if (newImage) await takeUpload(actor, trx, input.imageId, certificate.id, certificate.shop_id);
        const dropped = newImage ? await dropPictures(actor, trx, [certificate.id], [input.imageId]) : [];
        await repoOf(actor.customerId, trx).updateCertificate(certificate.id, {
          number: input.number,
          issuer: input.issuer,
          issued_on: input.issuedOn,
          expires_on: input.expiresOn,
          image_id: input.imageId,
          ...(input.expiresOn !== certificate.expires_on ? { remind30_at: null, remind7_at: null, expired_at: null } : {}),
          updated_at: nowIso(),
        });
        return dropped;
      });
      await storage.delete(keys);
      return { certificateId: certificate.id };
    },

    async certificateDelete(actor: CustomerActor, certificateId: string): Promise<{ certificateId: string }> {
      const certificate = await visibleCertificate(actor, certificateId);
      const keys = await db.transaction().execute(async (trx) => {
        const dropped = await dropPictures(actor, trx, [certificate.id]);
        await repoOf(actor.customerId, trx).deleteCertificates([certificate.id]);
        return dropped;
      });
      await storage.delete(keys);
      return { certificateId: certificate.id };
    },

    // ---------------------------------------------------------------- records
    async recordList(actor: CustomerActor, input: RecordFilter & { page: number; pageSize: number }): Promise<Page<HygieneRecordRow>> {
      const query = await recordsFor(actor, input);
      const repo = repoOf(actor.customerId);
      const [total, rows] = await Promise.all([
        repo.countRecords(query),
        repo.listRecords(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize }),
      ]);
      return { total, page: input.page, pageSize: input.pageSize, list: await presentRecords(actor, rows) };
    },

    trainingCreate: (actor: CustomerActor, input: TrainingCreateRequest) =>
      insertRecord(actor, 'training', input.shopId, { topic: input.topic, trainer: input.trainer }, { date: input.date }, input.imageId, input.attendeeIds),
    disinfectionCreate: (actor: CustomerActor, input: DisinfectionCreateRequest) =>
      insertRecord(
        actor,
        'disinfection',
        input.shopId,
        { area: input.area, method: input.method, agent: input.agent, person: input.person },
        { occurredAt: input.occurredAt },
        input.imageId,
      ),
    wasteCreate: (actor: CustomerActor, input: WasteCreateRequest) =>
      insertRecord(
        actor,
        'waste',
        input.shopId,
        { waste_type: input.wasteType, weight_kg: input.weightKg, collector: input.collector },
        { occurredAt: input.occurredAt },
        input.imageId,
      ),

    async recordDelete(actor: CustomerActor, recordId: string): Promise<{ recordId: string }> {
      const record = await visibleRecord(actor, recordId);
      const keys = await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const dropped = await dropPictures(actor, trx, [record.id]);
        await repo.deleteAttendeesOfRecord(record.id);
        await repo.deleteRecord(record.id);
        return dropped;
      });
      await storage.delete(keys);
      return { recordId: record.id };
    },

    // ---------------------------------------------------------------- downloads and statistics
    /** Every row of one log (or the certificates) with the list's filters, as Excel in the caller's language. */
    async download(actor: CustomerActor, input: HygieneDownloadRequest, locale: Locale): Promise<DownloadFile> {
      const stores = async (shopIds: readonly string[]) => shopInfo(actor, shopIds);
      if (input.log === 'certificates') {
        const rows = await certificatesFor(actor, { shopIds: input.shopIds });
        return {
          fileName: 'health-certificates.xlsx',
          content: await hygieneWorkbook({ log: 'certificates', rows, shops: await stores(rows.map((row) => row.shopId)) }, locale),
        };
      }
      const query = await recordsFor(actor, { kind: input.log, shopIds: input.shopIds, startDate: input.startDate, endDate: input.endDate });
      const rows = await presentRecords(actor, await repoOf(actor.customerId).listRecords(query));
      return {
        fileName: `hygiene-${input.log}.xlsx`,
        content: await hygieneWorkbook({ log: input.log, rows, shops: await stores(rows.map((row) => row.shopId)) }, locale),
      };
    },

    /**
     * The hygienic shop statistics: per store still operating, the share of its staff with a
     * certificate valid on its today, the days of the period (up to its today) with a disinfection
     * record, and its training and waste records. Completeness is the mean of the two shares.
     */
    async stats(actor: CustomerActor, input: HygieneStatsRequest): Promise<HygieneStatsRow[]> {
      if (input.endDate < input.startDate || daysBetween(input.startDate, input.endDate) + 1 > HYGIENE_LIMITS.statsMaxDays)
        throw refused('hygiene.periodRange', { days: HYGIENE_LIMITS.statsMaxDays });
      const shopIds = await shopsFor(actor, input.shopIds);
      const repo = repoOf(actor.customerId);
      const [shops, employees, certificates, tallies] = await Promise.all([
        repo.shops(shopIds),
        repo.listEmployees(shopIds, undefined),
        repo.listCertificates({ shopIds }),
        repo.recordTallies(shopIds, input.startDate, input.endDate),
      ]);
      return shops
        .filter((shop) => shop.status !== 'closed')
        .map((shop) => {
          const today = todayIn(shop.time_zone, now());
          const staff = employees.filter((employee) => employee.shop_id === shop.id);
          const ofShop = certificates.filter((certificate) => certificate.shop_id === shop.id);
          const validIds = new Set(ofShop.filter((certificate) => validOn(certificate, today)).map((certificate) => certificate.employee_id));
          const expiringIds = new Set(
            ofShop
              .filter((certificate) => validOn(certificate, today) && certificate.expires_on <= addDays(today, 30))
              .map((certificate) => certificate.employee_id),
          );
          const valid = staff.filter((employee) => validIds.has(employee.id)).length;
          // Expiring: valid now, and no valid certificate of theirs lasts beyond 30 days.
          const longValid = new Set(
            ofShop
              .filter((certificate) => validOn(certificate, today) && certificate.expires_on > addDays(today, 30))
              .map((certificate) => certificate.employee_id),
          );
          const expiring = staff.filter((employee) => expiringIds.has(employee.id) && !longValid.has(employee.id)).length;
          const lastDay = input.endDate < today ? input.endDate : today;
          const periodDays = lastDay < input.startDate ? 0 : daysBetween(input.startDate, lastDay) + 1;
          const mine = tallies.filter((tally) => tally.shopId === shop.id);
          const disinfectionDays = new Set(mine.filter((tally) => tally.kind === 'disinfection' && tally.localDate <= lastDay).map((tally) => tally.localDate))
            .size;
          const sum = (kind: HygieneRecordKind) => mine.filter((tally) => tally.kind === kind).reduce((total, tally) => total + tally.count, 0);
          const certificateShare = staff.length > 0 ? valid / staff.length : null;
          const shares = [certificateShare, periodDays > 0 ? disinfectionDays / periodDays : null].filter((share): share is number => share !== null);
          return {
            shopId: shop.id,
            shopName: shop.name,
            shopNumber: shop.number,
            employees: staff.length,
            validCertificates: valid,
            certificateShare,
            expiringCertificates: expiring,
            expiredEmployees: staff.length - valid,
            disinfectionDays,
            periodDays,
            trainingRecords: sum('training'),
            wasteRecords: sum('waste'),
            wasteKg: Math.round(mine.filter((tally) => tally.kind === 'waste').reduce((total, tally) => total + tally.kg, 0) * 1000) / 1000,
            completeness: shares.length > 0 ? shares.reduce((total, share) => total + share, 0) / shares.length : 0,
          };
        });
    },

    /**
     * Per store of the caller's scope keeping hygiene logs (with staff or a disinfection record),
     * still operating: staff whose certificates all expired, staff without one, staff whose valid
     * certificate ends within 30 days (none lasting longer), the latest disinfection day, and
     * overdue when neither the store's yesterday nor its today has one. For the service catalogue.
     */
    async storeSummary(actor: CustomerActor): Promise<HygieneStoreStatus[]> {
      const shopIds = await shopsFor(actor, undefined);
      const repo = repoOf(actor.customerId);
      const [shops, employees, certificates, lastDisinfection] = await Promise.all([
        repo.shops(shopIds),
        repo.listEmployees(shopIds, undefined),
        repo.listCertificates({ shopIds }),
        repo.lastDisinfection(shopIds),
      ]);
      return shops
        .filter((shop) => shop.status !== 'closed')
        .map((shop) => {
          const today = todayIn(shop.time_zone, now());
          const staff = employees.filter((employee) => employee.shop_id === shop.id);
          const ofEmployee = (employeeId: string) => certificates.filter((certificate) => certificate.employee_id === employeeId);
          let expired = 0;
          let missing = 0;
          let expiring = 0;
          for (const employee of staff) {
            const own = ofEmployee(employee.id);
            const valid = own.filter((certificate) => validOn(certificate, today));
            if (own.length === 0) missing += 1;
            else if (valid.length === 0) expired += 1;
            else if (valid.every((certificate) => certificate.expires_on <= addDays(today, 30))) expiring += 1;
          }
          const last = lastDisinfection.get(shop.id) ?? null;
          return {
            shopId: shop.id,
            shopName: shop.name,
            employees: staff.length,
            expired,
            missing,
            expiring,
            lastDisinfection: last,
            overdue: last === null || last < addDays(today, -1),
          };
        })
        .filter((store) => store.employees > 0 || store.lastDisinfection !== null);
    },

    // ---------------------------------------------------------------- pictures
    async uploadImage(actor: CustomerActor, request: FastifyRequest): Promise<{ mediaId: string; width: number; height: number }> {
      return storeImage(actor, await receiveImage(request));
    },
    /** The upload's path for a picture already in hand (tests, a demo seed). */
    storeImage: (actor: CustomerActor, content: Buffer) => storeImage(actor, content),

    /** A picture of a certificate or record in a store the caller sees, or the caller's own waiting upload. */
    async media(actor: CustomerActor, mediaId: string): Promise<DownloadStream> {
      const media = await repoOf(actor.customerId).media(mediaId);
      if (!media) throw notFound();
      if (media.owner_id === null || media.shop_id === null) {
        if (media.created_by !== actor.userId) throw notFound();
      } else await requireVisible(actor, media.shop_id);
      const size = await storage.size(media.storage_key);
      if (size === null) throw notFound();
      const key = media.storage_key;
      return {
        fileName: `${media.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        // A picture never changes under its id; the session check still runs on every request.
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },
  };
}
export type HygieneService = ReturnType<typeof createHygieneService>;
