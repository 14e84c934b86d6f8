import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
type NewRow<T> = Omit<Insertable<T>, 'customer_id'>;

/** A customer's webhook endpoints, deliveries and attempts. */
export function webhooksRepo(scope: TenantScope) {
  return {
    endpoints: (): Promise<EndpointRow[]> => scope.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute(),
    endpoint: (id: string): Promise<EndpointRow | undefined> => scope.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst(),
    async endpointCount(): Promise<number> {
      const row = await scope
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    insertEndpoint: (row: NewRow<WebhookEndpointsTable>) => scope.insertInto('webhook_endpoints', [row]).execute(),
    updateEndpoint: (id: string, patch: Updateable<WebhookEndpointsTable>) => scope.updateTable('webhook_endpoints').set(patch).where('id', '=', id).execute(),
    async deleteEndpoint(id: string): Promise<void> {
      const deliveries = scope.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await scope.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await scope.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await scope.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    /** An endpoint's newest delivery, for the list. */
    lastDelivery: (endpointId: string): Promise<Pick<DeliveryRow, 'status' | 'created_at' | 'status_code'> | undefined> =>
      scope
        .selectFrom('webhook_deliveries')
        .select(['status', 'created_at', 'status_code'])
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** Adds a delivery; one already made for this event and endpoint answers false (an emitter run twice). */
    async insertDelivery(row: NewRow<WebhookDeliveriesTable>): Promise<boolean> {
      try {
        await scope.insertInto('webhook_deliveries', [row]).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    delivery: (id: string): Promise<DeliveryRow | undefined> => scope.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst(),
    updateDelivery: (id: string, patch: Updateable<WebhookDeliveriesTable>) =>
      scope.updateTable('webhook_deliveries').set(patch).where('id', '=', id).execute(),
    async deliveryPage(
      endpointId: string,
      status: DeliveryRow['status'] | undefined,
      offset: number,
      limit: number,
    ): Promise<{ total: number; rows: DeliveryRow[] }> {
      let query = scope.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
      if (status) query = query.where('status', '=', status);
      const [count, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },

    insertAttempt: (row: NewRow<WebhookAttemptsTable>) => scope.insertInto('webhook_attempts', [row]).execute(),
    attempts: (deliveryId: string): Promise<AttemptRow[]> =>
      scope.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute(),

    /** Deliveries (and their attempts) created before a time: the log's retention. */
    async deleteDeliveriesBefore(createdBefore: string): Promise<number> {
      const old = scope.selectFrom('webhook_deliveries').select('id').where('created_at', '<', createdBefore).where('status', '!=', 'pending');
      await scope.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
      const [result] = await scope.deleteFrom('webhook_deliveries').where('created_at', '<', createdBefore).where('status', '!=', 'pending').execute();
      return Number(result?.numDeletedRows ?? 0);
    },
  };
}
export type WebhooksRepo = ReturnType<typeof webhooksRepo>;

/** Every customer (the prune job works inside each). */
export async function allCustomerIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('customers').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}
