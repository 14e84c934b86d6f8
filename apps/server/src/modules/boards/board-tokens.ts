import { BOARD_LIMITS, type BoardSigning, type Locale } from '@storelens/contracts';
import { SignJWT } from 'jose';

export interface BoardClaimsInput {
  board: string;
  userId: string;
  customerId: string;
  shopIds: readonly string[];
  language: Locale;
  resourceId: string;
  audience: string;
  /** Seconds since the epoch (the platform clock). */
  issuedAt: number;
}

/** Store ids are server-made (letters and digits); quoting them for an RLS clause is then plain. */
const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The payload of a signed board address, in the form each tool accepts (docs/decisions/boards.md):
 * - storelens: our claims (iss, aud, sub, customer, stores, language) for a board of our own;
 * - metabase: static embedding's `{ resource: { dashboard }, params, exp }`, the params being the
 *   dashboard's locked parameters customer_id, store_ids and language;
 * - superset: a guest token (`type: 'guest'`, user, resources, rls_rules, aud), whose row-level
 *   rule limits every dataset to the customer and the user's stores.
 */
export function boardPayload(signing: Exclude<BoardSigning, 'none'>, input: BoardClaimsInput): Record<string, unknown> {
  const exp = input.issuedAt + BOARD_LIMITS.tokenSeconds;
  if (signing === 'metabase') {
    return {
      resource: { dashboard: Number(input.resourceId) },
      params: { customer_id: input.customerId, store_ids: [...input.shopIds], language: input.language },
      iat: input.issuedAt,
      exp,
    };
  }
  if (signing === 'superset') {
    const stores = input.shopIds.length > 0 ? input.shopIds.map(sqlString).join(', ') : "''";
    return {
      user: { username: input.userId, first_name: 'Storelens', last_name: input.userId },
      resources: [{ type: 'dashboard', id: input.resourceId }],
      rls_rules: [{ clause: `customer_id = ${sqlString(input.customerId)} AND store_id IN (${stores})` }],
      iat: input.issuedAt,
      exp,
      aud: input.audience || 'superset',
      type: 'guest',
    };
  }
  return {
    iss: 'storelens',
    aud: `storelens-board:${input.board}`,
    sub: input.userId,
    customer: input.customerId,
    stores: [...input.shopIds],
    language: input.language,
    iat: input.issuedAt,
    exp,
  };
}

/** Signs a payload with HS256 (jose); iat and exp come from the payload, so the platform clock decides them. */
export function signBoardToken(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** Where the frame goes: the address with the token where the tool reads it. */
export function boardUrl(signing: BoardSigning, address: string, resourceId: string, token: string | null): string {
  const site = address.replace(/\/+$/, '');
  if (signing === 'metabase' && token) return `${site}/embed/dashboard/${token}#bordered=true&titled=true`;
  if (signing === 'superset') return `${site}/embedded/${encodeURIComponent(resourceId)}`;
  if (signing === 'storelens' && token) {
    const url = new URL(address);
    url.searchParams.set('token', token);
    return url.toString();
  }
  return address;
}
