import { type Insertable, PostgresAdapter, type Selectable, type Updateable } from 'kysely';
import type { DB } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

export type JobRow = Selectable<JobsTable>;
type JobPatch = Updateable<JobsTable>;

/**
 * The jobs table. It is read across customers on purpose: a worker finds the next due job of any
 * customer, as the device token lookup finds a box's tenant. Handlers reach tenant data through
 * their own module's tenant-scoped repositories with the job's customer_id.
 */
export function jobsRepo(db: DB) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    /** Adds a job; with a unique key that is already taken, adds nothing and answers false. */
    async insert(row: Insertable<JobsTable>): Promise<boolean> {
      try {
        await db.insertInto('jobs').values(row).execute();
        return true;
      } catch (error) {
        if (row.unique_key && isUniqueViolation(error)) return false;
        throw error;
      }
    },

    get: (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
    byUniqueKey: (key: string) => db.selectFrom('jobs').selectAll().where('unique_key', '=', key).executeTakeFirst(),

    /**
     * Claims the oldest due waiting job of these names for a worker, in one statement: on
     * PostgreSQL the candidate row is locked with FOR UPDATE SKIP LOCKED, so racing workers take
     * different jobs; SQLite runs one writer at a time, so the statement is atomic as it stands.
     * A claim that would run a second job of the same concurrency key loses on the partial unique
     * index; the worker then tries the next candidate.
     */
    async claimNext(names: readonly string[], workerId: string, at: string, busyKeys: readonly string[]): Promise<JobRow | 'conflict' | undefined> {
      if (names.length === 0) return undefined;
      try {
        return await db
          .updateTable('jobs')
          .set((eb) => ({ status: 'running', locked_by: workerId, heartbeat_at: at, started_at: at, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', (eb) =>
            eb
              .selectFrom('jobs')
              .select('id')
              .where('status', '=', 'waiting')
              .where('run_at', '<=', at)
              .where('name', 'in', names)
              .$if(busyKeys.length > 0, (query) => query.where((eb) => eb.or([eb('concurrency_key', 'is', null), eb('concurrency_key', 'not in', busyKeys)])))
              .orderBy('run_at')
              .orderBy('seq')
              .orderBy('id')
              .limit(1)
              .$if(isPostgres, (query) => query.forUpdate().skipLocked()),
          )
          .where('status', '=', 'waiting')
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },

    /** The concurrency key of the job a conflicting claim tried: the worker leaves that key's jobs for this round, keeping their order. */
    nextCandidateKey: (names: readonly string[], at: string, busyKeys: readonly string[]) =>
      db
        .selectFrom('jobs')
        .select('concurrency_key')
        .where('status', '=', 'waiting')
        .where('run_at', '<=', at)
        .where('name', 'in', names)
        .$if(busyKeys.length > 0, (query) => query.where((eb) => eb.or([eb('concurrency_key', 'is', null), eb('concurrency_key', 'not in', busyKeys)])))
        .orderBy('run_at')
        .orderBy('seq')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),

    /** Changes a running job this worker holds; 0 when it lost the job (recovered as stale meanwhile). */
    async updateHeld(id: string, workerId: string, patch: JobPatch): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Running jobs whose worker stopped reporting before this time (a crash, a killed process). */
    stale: (before: string) => db.selectFrom('jobs').selectAll().where('status', '=', 'running').where('heartbeat_at', '<', before).execute(),

    /** Moves a stale job on, unless its worker reported meanwhile. */
    async release(id: string, heartbeatAt: string | null, patch: JobPatch): Promise<boolean> {
      let query = db.updateTable('jobs').set(patch).where('id', '=', id).where('status', '=', 'running');
      query = heartbeatAt === null ? query.where('heartbeat_at', 'is', null) : query.where('heartbeat_at', '=', heartbeatAt);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** How many jobs wait (due or not) and how many failed, per name: for /metrics and operators. */
    counts: () =>
      db
        .selectFrom('jobs')
        .select(['name', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['name', 'status'])
        .execute(),

    /** Finished jobs older than this time: the table keeps recent history only. */
    async deleteFinishedBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('jobs').where('status', 'in', ['completed', 'failed']).where('finished_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type JobsRepo = ReturnType<typeof jobsRepo>;
