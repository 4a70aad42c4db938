import { billing } from '@pds/contracts';
import type { Request, Response, Router } from 'express';
import { randomUUID } from 'node:crypto';
import type { AccountDeps } from '../account-deps';
import { accountKeys, type KeyOutcome } from '../keys/keys';
import type { Session } from '../identity/sessions';
import type { FieldErrors } from './forms';
import { html, type Html } from './html';
import { graceChoices, keyShownPage, keysPage } from './pages/key-pages';

/** What the dashboard's routes share: a page, a form's token, the signed-in session (or a redirect to sign in). */
export interface PageTools {
  show: (res: Response, title: string, body: Html, status?: number) => void;
  token: (req: Request, res: Response, action: string) => string;
  signedIn: (req: Request, res: Response) => Session | undefined;
  field: (req: Request, name: string) => string;
}

export const keyPostPaths = ['/account/keys', '/account/keys/rotate', '/account/keys/revoke'] as const;

const refusalText: Record<string, string> = {
  [billing.ledgerErrorCodes.keyLimitReached]: `You have ${billing.apiKeysPerAccountMax} keys working: revoke one first.`,
  [billing.ledgerErrorCodes.keyNotActive]: 'That key has already been replaced or revoked.',
  SERVICE_UNAVAILABLE: 'Your keys cannot be changed just now. Try again in a moment.',
};
const noSuchKey = html`<p class="notice">Your account has no such key.</p>
  <p><a href="/account/keys">Back to your keys</a></p>`;
const statusOf = (code: string) => (code === billing.ledgerErrorCodes.keyNotFound ? 404 : code === 'SERVICE_UNAVAILABLE' ? 503 : 409);

/** The key pages: list, make, replace (rotate) and revoke, each change the ledger's, for the session's account only. */
export const keyRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const keys = accountKeys(deps);
  const { show, token, signedIn, field } = tools;
  const ctx = (session: Session) => ({ correlationId: randomUUID(), actor: `customer:${session.customerId}` });
  const list = async (req: Request, res: Response, session: Session, errors: FieldErrors = {}, status = 200, name = '') => {
    const csrf = {
      create: token(req, res, '/account/keys'),
      rotate: token(req, res, '/account/keys/rotate'),
      revoke: token(req, res, '/account/keys/revoke'),
    };
    show(res, 'API keys', keysPage(await keys.list(session.accountId), csrf, errors, name), status);
  };
  /** A ledger refusal or timeout, shown on the list with what it means. */
  const settle = async <T>(
    req: Request,
    res: Response,
    session: Session,
    change: () => Promise<KeyOutcome<T>>,
    done: (data: T) => void | Promise<void>,
  ) => {
    const outcome = await change().catch((): KeyOutcome<T> => ({
      ok: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'no answer' },
    }));
    if (outcome.ok) return await done(outcome.data);
    const { code } = outcome.error;
    if (code === billing.ledgerErrorCodes.keyNotFound) return show(res, 'No such key', noSuchKey, 404);
    await list(req, res, session, { name: refusalText[code] ?? 'That could not be done.' }, statusOf(code));
  };

  router.get('/account/keys', async (req, res) => {
    const session = signedIn(req, res);
    if (session) await list(req, res, session);
  });
  router.post('/account/keys', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const name = billing.ApiKeyName.safeParse(field(req, 'name'));
    if (!name.success)
      return list(req, res, session, { name: 'Give the key a name of 1 to 60 characters.' }, 400, field(req, 'name').slice(0, 60));
    await settle(
      req,
      res,
      session,
      () => keys.issue(ctx(session), session.accountId, name.data),
      (made) => show(res, 'Your new key', keyShownPage(made), 201),
    );
  });
  /** The key a form names: one not even shaped like a key id names none of the account's. */
  const namedKey = (req: Request, res: Response): string | undefined => {
    const keyId = billing.ApiKeyId.safeParse(field(req, 'keyId'));
    if (keyId.success) return keyId.data;
    show(res, 'No such key', noSuchKey, 404);
    return undefined;
  };

  router.post('/account/keys/rotate', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const keyId = namedKey(req, res);
    if (!keyId) return;
    const hours = Number(field(req, 'graceHours') || 24);
    const grace = graceChoices.find((g) => g.hours === hours);
    if (!grace) return list(req, res, session, { name: 'Choose how long the old key works from the list.' }, 400);
    await settle(
      req,
      res,
      session,
      () => keys.rotate(ctx(session), session.accountId, keyId, grace.hours * 3_600_000),
      async (made) => {
        // The new key takes the old one's name.
        const name = (await keys.list(session.accountId)).find((k) => k.keyId === made.keyId)?.name ?? 'Replacement';
        show(res, 'Your new key', keyShownPage({ name, apiKey: made.apiKey, replaces: { expiresAt: made.replacedKeyExpiresAt } }), 201);
      },
    );
  });
  router.post('/account/keys/revoke', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const keyId = namedKey(req, res);
    if (!keyId) return;
    await settle(
      req,
      res,
      session,
      () => keys.revoke(ctx(session), session.accountId, keyId, 'revoked by its owner'),
      () => res.redirect(303, '/account/keys'),
    );
  });
};
