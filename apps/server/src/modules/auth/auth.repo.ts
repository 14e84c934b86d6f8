import { customersOfUser } from '../../platform/authz/actor.repo.ts';
import type { DB } from '../../platform/db/database.ts';
import type { UsersTable } from '../../platform/db/schema.ts';
import { nowIso } from '../../platform/time/clock.ts';

export type UserRow = UsersTable;

/** Queries of sign-in and password recovery. Users are global (one person, many customers). */
export function authRepo(db: DB) {
  return {
    findUserByLoginName: (loginName: string) => db.selectFrom('users').selectAll().where('login_name', '=', loginName).executeTakeFirst(),
    findUserByMobile: (mobile: string) => db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst(),
    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('login_name', '=', email), eb('email', '=', email)]))
        .executeTakeFirst(),
    customersOf: (userId: string) => customersOfUser(db, userId),

    async createCaptcha(id: string, answer: string, expiresAt: string): Promise<void> {
      await db.insertInto('captchas').values({ id, answer, expires_at: expiresAt, used: 0 }).execute();
    },
    /** Single use: a captcha is burnt by the first attempt, right or wrong, in one statement (two parallel attempts cannot both use it). */
    consumeCaptcha: (id: string): Promise<{ answer: string; expires_at: string } | undefined> =>
      db.updateTable('captchas').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).returning(['answer', 'expires_at']).executeTakeFirst(),

    async createCode(row: {
      id: string;
      user_id: string;
      channel: 'email' | 'mobile';
      target: string;
      code_hash: string;
      sent_at: string;
      expires_at: string;
    }) {
      await db
        .insertInto('verification_codes')
        .values({ ...row, attempts: 0, verified: 0, used: 0 })
        .execute();
    },
    latestCode: (target: string) =>
      db.selectFrom('verification_codes').selectAll().where('target', '=', target).orderBy('sent_at', 'desc').limit(1).executeTakeFirst(),
    async countAttempt(id: string): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async markVerified(id: string): Promise<void> {
      await db.updateTable('verification_codes').set({ verified: 1 }).where('id', '=', id).execute();
    },

    /** Sets the new password and burns the code in one transaction: a reset is all or nothing. */
    async resetPassword(userId: string, passwordHash: string, codeId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
        await trx.updateTable('verification_codes').set({ used: 1 }).where('id', '=', codeId).execute();
        await trx.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      });
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
