import type { Kysely } from 'kysely';

/**
 * Plan notices (issue 14 section 5): which message-center notice (task assigned, due soon,
 * overdue) an assignment has had. The row is the claim: inserted in the transaction that posts the
 * messages, its key (customer, assignment, kind) lets each notice go out once whatever the rounds,
 * workers or restarts. customer_id leads the key (DESIGN T3). Created only if missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_assignment_notices')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('assignment_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Null when claimed without a message (a more urgent notice made it pointless).
    .addColumn('sent_at', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_assignment_notices_pk', ['customer_id', 'assignment_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_assignment_notices').ifExists().execute();
}
