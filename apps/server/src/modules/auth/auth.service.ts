import type { Language, TGuestSignInRequest, UserType } from '@tessera/contracts';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../lib/errors.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import type { AccountsService } from '../accounts/index.js';
import type { AccessTokens } from './tokens.js';
import type { SessionsRepository } from './sessions.repository.js';
import { RecentSessions } from './recent-sessions.js';
import type { Revocation, RevocationFeed } from './revocation-feed.js';

/** Who is calling: declared beside the access hook that attaches it to every authenticated request. */
export type { AuthContext };

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpireAt: number;
}

export type RefreshResult =
  | { status: 'refreshed'; tokens: IssuedTokens }
  /** The access token is still valid: the client keeps it (the answer's message contains 407). */
  | { status: 'not-expired' };

const DAY_MS = 86_400_000;

type RefreshOutcome =
  | { kind: 'refused'; code: 'REFRESH_TOKEN_INVALID' | 'SESSION_REVOKED' }
  | { kind: 'reused' }
  | { kind: 'not-expired' }
  | { kind: 'rotated'; refreshToken: string };

/**
 * Sessions and tokens. A session is a row; its access tokens are short JWTs naming it and its
 * refresh tokens are stored hashed, used once each. Presenting a used refresh token again means it
 * was copied: the whole session (every token descended from the sign-in) is revoked.
 */
export class AuthService {
  private readonly recent: RecentSessions;

  constructor(
    private readonly deps: {
      sessions: SessionsRepository;
      accounts: AccountsService;
      tokens: AccessTokens;
      refreshTokenTtlDays: number;
      /** How long a session row read for one request serves the next ones (0: read every time). */
      sessionRecheckMs?: number;
      /** Revocations told to and heard from every instance: rows are then kept longer (RecentSessions). */
      revocations?: RevocationFeed;
      /** Told when a revocation could not be told to the other instances. */
      onPublishError?: (error: unknown) => void;
    },
  ) {
    this.recent = new RecentSessions(deps.sessionRecheckMs ?? 1000);
    deps.revocations?.onChange((change) => {
      if ('all' in change) this.recent.forgetAll();
      else if ('sessionId' in change) this.recent.forget(change.sessionId);
      else this.recent.forgetUser(change.userId);
    });
  }

  async signInGuest(options: { device: TGuestSignInRequest; ipAddress: string; language: Language }) {
    const { sessions, accounts } = this.deps;
    return sessions.transaction(async (trx) => {
      const userId = await accounts.createGuest({ language: options.language, trx });
      return this.openSession({ userId, userType: 'guest', device: options.device, ipAddress: options.ipAddress, trx });
    });
  }

  /**
   * Opens a session for an existing user and issues its first tokens. Guest sign-in uses it; login
   * and signup will; tests use it to act as the seeded demo accounts.
   */
  async openSession(options: {
    userId: string;
    userType: UserType;
    device: object;
    ipAddress: string;
    trx?: Parameters<SessionsRepository['insertSession']>[1];
  }): Promise<AuthContext & { tokens: IssuedTokens }> {
    const now = Date.now();
    const sessionId = newId();
    const refreshToken = newSecret();
    const refreshExpiresAt = now + this.deps.refreshTokenTtlDays * DAY_MS;
    const write = async (trx: NonNullable<typeof options.trx>) => {
      await this.deps.sessions.insertSession(
        {
          id: sessionId,
          user_id: options.userId,
          user_type: options.userType,
          device: JSON.stringify(options.device),
          ip_address: options.ipAddress,
          created_at: now,
          last_refreshed_at: now,
          expires_at: refreshExpiresAt,
          revoked_at: null,
          revoked_reason: null,
        },
        trx,
      );
      await this.deps.sessions.insertRefreshToken(
        { token_hash: hashSecret(refreshToken), session_id: sessionId, created_at: now, expires_at: refreshExpiresAt },
        trx,
      );
    };
    if (options.trx) await write(options.trx);
    else await this.deps.sessions.transaction(write);
    const access = await this.deps.tokens.sign({ userId: options.userId, userType: options.userType, sessionId }, now);
    return {
      userId: options.userId,
      userType: options.userType,
      sessionId,
      tokens: { accessToken: access.token, refreshToken, accessExpireAt: access.expiresAt },
    };
  }

  /** Checks an access token and that its session is still open. */
  async authenticate(options: { accessToken: string | undefined }): Promise<AuthContext> {
    const token = options.accessToken?.trim();
    if (!token) throw new AppError('TOKEN_MISSING');
    const claims = await this.deps.tokens.verify(stripScheme(token));
    const session = await this.sessionRow(claims.sessionId);
    if (!session || session.revoked_at !== null || session.expires_at <= Date.now() || session.user_id !== claims.userId) {
      throw new AppError('SESSION_REVOKED');
    }
    // The session row decides who the caller is: a token whose claims were re-signed (with a key
    // taken from a backup) to say "team" for a buyer's session is refused, not promoted.
    if (session.user_type !== claims.userType) throw new AppError('TOKEN_INVALID');
    return { userId: session.user_id, userType: session.user_type as UserType, sessionId: session.id };
  }

  /** The session's row, read once per `sessionRecheckMs`, or until revoked while the feed is live (see RecentSessions). */
  private async sessionRow(id: string) {
    const recent = this.recent.get(id);
    if (recent !== undefined) return recent;
    const feed = this.deps.revocations;
    const liveBefore = feed?.live() ?? false;
    const generation = this.recent.startRead();
    const row = (await this.deps.sessions.findSession(id)) ?? null;
    this.recent.remember(id, row, { generation, live: liveBefore && (feed?.live() ?? false) });
    return row;
  }

  /** Forgets here at once and tells the other instances (after the change has committed). */
  private async revoked(revocation: Revocation): Promise<void> {
    if ('sessionId' in revocation) this.recent.forget(revocation.sessionId);
    else this.recent.forgetUser(revocation.userId);
    // The row is the truth and is committed: a lost message must not turn a logout into an error.
    await this.deps.revocations?.publish(revocation).catch((error: unknown) => this.deps.onPublishError?.(error));
  }

  async refresh(options: { refToken: string; accessToken: string }): Promise<RefreshResult> {
    const claims = await this.deps.tokens.verify(stripScheme(options.accessToken), { allowExpired: true });
    const tokenHash = hashSecret(options.refToken);
    const now = Date.now();
    const outcome = await this.deps.sessions.transaction(async (trx): Promise<RefreshOutcome> => {
      const stored = await this.deps.sessions.findRefreshToken(tokenHash, trx);
      if (!stored || stored.session_id !== claims.sessionId || stored.user_type !== claims.userType || stored.user_id !== claims.userId) {
        return { kind: 'refused', code: 'REFRESH_TOKEN_INVALID' };
      }
      if (stored.revoked_at !== null) return { kind: 'refused', code: 'SESSION_REVOKED' };
      if (stored.used_at !== null) return { kind: 'reused' };
      if (stored.expires_at <= now) return { kind: 'refused', code: 'REFRESH_TOKEN_INVALID' };
      if (!claims.expired) return { kind: 'not-expired' };
      // Guarded: of two requests racing with the same token only one may rotate it.
      if (!(await this.deps.sessions.markRefreshTokenUsed(tokenHash, now, trx))) return { kind: 'reused' };
      const refreshToken = newSecret();
      const expiresAt = now + this.deps.refreshTokenTtlDays * DAY_MS;
      await this.deps.sessions.insertRefreshToken(
        { token_hash: hashSecret(refreshToken), session_id: stored.session_id, created_at: now, expires_at: expiresAt },
        trx,
      );
      await this.deps.sessions.extendSession(stored.session_id, now, expiresAt, trx);
      return { kind: 'rotated', refreshToken };
    });
    switch (outcome.kind) {
      case 'refused':
        throw new AppError(outcome.code);
      case 'reused':
        // Committed on its own: the refusal must not roll the revocation back.
        await this.deps.sessions.revokeSession(claims.sessionId, now, 'refresh token reused');
        await this.revoked({ sessionId: claims.sessionId });
        throw new AppError('REFRESH_TOKEN_INVALID');
      case 'not-expired':
        return { status: 'not-expired' };
    }
    // Its expiry moved: a copy of the row kept elsewhere would refuse it at the old one.
    await this.revoked({ sessionId: claims.sessionId });
    const access = await this.deps.tokens.sign({ userId: claims.userId, userType: claims.userType, sessionId: claims.sessionId }, now);
    return {
      status: 'refreshed',
      tokens: { accessToken: access.token, accessExpireAt: access.expiresAt, refreshToken: outcome.refreshToken },
    };
  }

  /** Ends every session of a user (after a password reset, or when an account is removed). */
  async revokeAllSessions(options: { userId: string; reason: string }): Promise<void> {
    await this.deps.sessions.revokeUserSessions(options.userId, Date.now(), options.reason);
    await this.revoked({ userId: options.userId });
  }

  /**
   * The caller's identity when a token is offered but not required (signup and login read it to
   * carry a guest's data over); an absent or unusable token is simply no identity.
   */
  async identify(options: { accessToken: string | undefined }): Promise<AuthContext | undefined> {
    if (!options.accessToken) return undefined;
    try {
      return await this.authenticate(options);
    } catch {
      return undefined;
    }
  }

  /** Ends the caller's session: its access and refresh tokens get 401 from now on. */
  async logout(options: { auth: AuthContext }): Promise<void> {
    await this.deps.sessions.revokeSession(options.auth.sessionId, Date.now(), 'logout');
    await this.revoked({ sessionId: options.auth.sessionId });
  }
}

/** The seed sends the bare token; accept a "Bearer " prefix too, as many clients add it. */
function stripScheme(token: string): string {
  return token.startsWith('Bearer ') ? token.slice(7).trim() : token;
}
