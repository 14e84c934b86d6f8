import { type Kysely, sql } from 'kysely';

/**
 * The POS import moves onto platform/jobs (issue 10): uploads still waiting or being imported when
 * this runs get their job, so an upgrade loses none. An upload left 'uploading' becomes a running
 * job with its old heartbeat: a worker takes it back as it would any job of a process that died.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    customer_id: string;
    id: string;
    status: string;
    attempts: number;
    worker_id: string | null;
    heartbeat_at: string | null;
    uploaded_at: string;
  }>`select customer_id, id, status, attempts, worker_id, heartbeat_at, uploaded_at from pos_uploads where status in ('waiting', 'uploading') order by uploaded_at, id`.execute(
    db,
  );
  for (const [index, upload] of rows.entries()) {
    const running = upload.status === 'uploading';
    await sql`insert into jobs (id, name, customer_id, payload, status, run_at, attempts, max_attempts, progress, concurrency_key, locked_by, heartbeat_at, seq, created_at, started_at)
      values (${`pos-import-${upload.id}`}, 'sales.pos-import', ${upload.customer_id}, ${JSON.stringify({ uploadId: upload.id })}, ${running ? 'running' : 'waiting'},
        ${upload.uploaded_at}, ${running ? upload.attempts : 0}, 3, 0, ${`pos-import:${upload.customer_id}`}, ${running ? upload.worker_id : null},
        ${running ? (upload.heartbeat_at ?? upload.uploaded_at) : null}, ${Date.parse(upload.uploaded_at) * 1000 + index}, ${upload.uploaded_at}, ${running ? upload.uploaded_at : null})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where name = 'sales.pos-import'`.execute(db);
}
