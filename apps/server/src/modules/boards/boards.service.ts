import {
  BOARD_KEYS,
  BOARD_LIMITS,
  type BoardEmbed,
  type BoardKey,
  type BoardSaveRequest,
  type BoardSetting,
  type Locale,
  originOf,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { boardPayload, boardUrl, signBoardToken } from './board-tokens.ts';
import { allBoardAddresses, boardsRepo } from './boards.repo.ts';

type SettingRow = Awaited<ReturnType<ReturnType<typeof boardsRepo>['all']>>[number];

const FRAME_SOURCES_TTL_MS = 30_000;

function presentSetting(board: BoardKey, row: SettingRow | undefined): BoardSetting {
  const name = row && (row.surname || row.given_name) ? `${row.surname ?? ''} ${row.given_name ?? ''}`.trim() : (row?.login_name ?? null);
  return {
    board,
    address: row?.address ?? '',
    signing: row?.signing ?? 'none',
    resourceId: row?.resource_id ?? '',
    audience: row?.audience ?? '',
    hasSecret: Boolean(row?.secret),
    updatedAt: row?.updated_at ?? null,
    updatedBy: row ? name : null,
  };
}

/**
 * Embedded data boards (issue 17 section 3): settings per customer set by our operators, and the
 * address a viewer's page frames, signed for that viewer now when the board is signed. The origins
 * of every configured address feed the /dataBoard pages' frame-src (platform/http/security-headers).
 */
export function createBoardsService(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (customerId: string) => boardsRepo(tenantScope(db, customerId));
  let origins: readonly string[] = [];
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function refreshOrigins(): Promise<void> {
    const addresses = await allBoardAddresses(db);
    origins = [...new Set(addresses.map(originOf).filter((origin): origin is string => origin !== null))].sort();
    loadedAt = Date.now();
  }

  return {
    refreshOrigins,
    /**
     * The configured origins for the content security policy, answered at once from memory; when
     * older than 30 s a reload starts in the background (another process may have saved a board).
     */
    frameOrigins(): readonly string[] {
      if (Date.now() - loadedAt > FRAME_SOURCES_TTL_MS && !loading) {
        loading = refreshOrigins()
          .catch(() => undefined)
          .finally(() => {
            loading = null;
          });
      }
      return origins;
    },

    async settings(actor: CustomerActor): Promise<BoardSetting[]> {
      const rows = await repoOf(actor.customerId).all();
      return BOARD_KEYS.map((board) =>
        presentSetting(
          board,
          rows.find((row) => row.board === board),
        ),
      );
    },

    async save(actor: CustomerActor, input: BoardSaveRequest): Promise<BoardSetting> {
      const repo = repoOf(actor.customerId);
      const before = await repo.one(input.board);
      const secret = input.secret ?? before?.secret ?? null;
      if (input.signing !== 'none') {
        if (input.address === '') throw badRequest('boards.addressRequired');
        if (!secret) throw badRequest('boards.secretRequired');
        if ((input.signing === 'metabase' || input.signing === 'superset') && input.resourceId === '') throw badRequest('boards.resourceRequired');
        if (input.signing === 'metabase' && !/^\d+$/.test(input.resourceId)) throw badRequest('validation.invalidValue', { field: 'resourceId' });
      }
      await repo.save({
        board: input.board,
        address: input.address,
        signing: input.signing,
        resource_id: input.resourceId,
        audience: input.audience,
        secret,
        updated_by: actor.userId,
        updated_at: nowIso(),
      });
      await refreshOrigins();
      const rows = await repo.all();
      return presentSetting(
        input.board,
        rows.find((row) => row.board === input.board),
      );
    },

    /** What the board page frames for this viewer: nothing (no address), the address, or the address signed now. */
    async embed(actor: CustomerActor, board: BoardKey, locale: Locale): Promise<BoardEmbed> {
      const row = await repoOf(actor.customerId).one(board);
      if (!row || row.address === '') {
        return { board, configured: false, signing: 'none', url: null, origin: null, guestToken: null, expiresAt: null };
      }
      if (row.signing === 'none' || !row.secret) {
        return { board, configured: true, signing: 'none', url: row.address, origin: originOf(row.address), guestToken: null, expiresAt: null };
      }
      const issuedAt = Math.floor(now().getTime() / 1000);
      const shopIds = await accessOf(db, actor).shopIds();
      const payload = boardPayload(row.signing, {
        board,
        userId: actor.userId,
        customerId: actor.customerId,
        shopIds,
        language: locale,
        resourceId: row.resource_id,
        audience: row.audience,
        issuedAt,
      });
      const token = await signBoardToken(payload, row.secret);
      return {
        board,
        configured: true,
        signing: row.signing,
        url: boardUrl(row.signing, row.address, row.resource_id, row.signing === 'superset' ? null : token),
        origin: originOf(row.address),
        guestToken: row.signing === 'superset' ? token : null,
        expiresAt: new Date((issuedAt + BOARD_LIMITS.tokenSeconds) * 1000).toISOString(),
      };
    },
  };
}
export type BoardsService = ReturnType<typeof createBoardsService>;
