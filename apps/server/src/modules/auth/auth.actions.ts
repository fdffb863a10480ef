import { countryIdForBrowserCountry } from '@agendo/contract';
import { inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { asUserType } from '../../lib/flags.ts';
import { changeEmailMail, recoveryMail, verifyEmailMail } from '../../lib/mail-templates.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { newRef } from '../../lib/random.ts';
import { handle, type RpcContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  accountByEmail,
  accountById,
  confirmPassword,
  createAccount,
  isEmailInUse,
  updateAccount,
} from '../accounts/accounts.service.ts';
import { recordSignupAcceptance } from '../legal/legal.service.ts';
import { limits } from './auth.limits.ts';
import {
  createSession,
  endOtherSessions,
  endSession,
  issueOneTimeToken,
  redeemOneTimeToken,
} from './auth.service.ts';

async function throttle(ctx: RpcContext, key: string, rule: { limit: number; windowMs: number }) {
  const verdict = await ctx.deps.limiter.hit(key, rule.limit, rule.windowMs);
  if (!verdict.allowed) throw new ActionError('E429');
}

function meta(ctx: RpcContext) {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

export async function sendVerificationMail(
  deps: AppDeps,
  user: { id: number; email: string; first_name: string; country_id: number; lang: string },
  db = deps.db,
) {
  const token = await issueOneTimeToken(deps, user.id, 'verify-email', null, db);
  await deps.mail.send(
    user.email,
    verifyEmailMail(user.first_name, appLink(deps.config, user, `verify-email/${token}`)),
    db,
  );
}

export const authHandlers = [
  handle('register', 'public', async (input, ctx) => {
    await throttle(ctx, `register:ip:${ctx.ip}`, limits.registerPerIp);
    const { deps } = ctx;
    if (await isEmailInUse(deps.db, input.userMail)) throw new ActionError('E5');
    const countryId = countryIdForBrowserCountry(input.browserCountry ?? ctx.browserCountry);
    const timeZone = input.userTimeZone ?? (await deps.reference.defaultTimeZone(countryId));
    const passwordHash = await hashPassword(deps.config, input.userPassword);
    const now = deps.now().toISOString();
    const userId = await inTransaction(deps.db, async (tx) => {
      const row = {
        ref: newRef(),
        email: input.userMail,
        password_hash: passwordHash,
        first_name: input.userFirstName,
        last_name: input.userLastName,
        user_type: input.userType,
        country_id: countryId,
        lang: input.userLang ?? ctx.lang,
        time_zone: timeZone,
        phone: null,
        img: null,
        email_verified_at: null,
        pending_email: null,
        signup_ref: input.ref ?? null,
        created_at: now,
        updated_at: now,
      };
      const id = await createAccount(tx, row);
      await recordSignupAcceptance(tx, id, input.termsVersion, now, ctx.ip);
      await sendVerificationMail(deps, { id, ...row }, tx);
      return id;
    }).catch((error: unknown) => {
      // Two sign-ups racing for one address: the unique index decides, the loser gets E5.
      if (/unique|duplicate/i.test(String(error))) throw new ActionError('E5');
      throw error;
    });
    const token = await createSession(deps, userId, meta(ctx));
    return { token, userType: input.userType };
  }),

  handle('login', 'public', async (input, ctx) => {
    const { deps } = ctx;
    const mailKey = `login-fail:mail:${input.userMail}`;
    const ipKey = `login-fail:ip:${ctx.ip}`;
    const [byMail, byIp] = await Promise.all([
      deps.limiter.peek(mailKey, limits.loginFailuresPerMail.limit),
      deps.limiter.peek(ipKey, limits.loginFailuresPerIp.limit),
    ]);
    if (!byMail.allowed || !byIp.allowed) throw new ActionError('E429');
    const user = await accountByEmail(deps.db, input.userMail);
    const valid = user
      ? await verifyPassword(user.password_hash, input.userPassword)
      : await verifyAgainstDummy(deps.config, input.userPassword);
    if (!user || !valid) {
      await deps.limiter.hit(
        mailKey,
        limits.loginFailuresPerMail.limit,
        limits.loginFailuresPerMail.windowMs,
      );
      await deps.limiter.hit(ipKey, limits.loginFailuresPerIp.limit, limits.loginFailuresPerIp.windowMs);
      throw new ActionError('E6');
    }
    await deps.limiter.reset(mailKey);
    const token = await createSession(deps, user.id, meta(ctx));
    return { token, userType: asUserType(user.user_type) };
  }),

  handle('logout', 'signed-in', async (_input, ctx) => {
    await endSession(ctx.deps, ctx.sessionId);
    return {};
  }),

  handle('verify-email', 'public', async (input, ctx) => {
    await throttle(ctx, `link:ip:${ctx.ip}`, limits.linkAttemptsPerIp);
    const { deps } = ctx;
    const redeemed = await redeemOneTimeToken(deps, input.ref, ['verify-email', 'change-email']);
    if (!redeemed.ok) throw new ActionError(redeemed.code);
    const user = await accountById(deps.db, redeemed.userId);
    if (!user) throw new ActionError('E60');
    const now = deps.now().toISOString();
    if (redeemed.purpose === 'change-email' && redeemed.payload) {
      const newMail = redeemed.payload;
      const other = await accountByEmail(deps.db, newMail);
      if (other && other.id !== user.id) throw new ActionError('E60');
      await updateAccount(deps.db, user.id, {
        email: newMail,
        pending_email: null,
        email_verified_at: now,
        updated_at: now,
      });
      return { userMail: newMail };
    }
    if (!user.email_verified_at)
      await updateAccount(deps.db, user.id, { email_verified_at: now, updated_at: now });
    return { userMail: user.email };
  }),

  handle('resend-verification', 'signed-in', async (_input, ctx) => {
    await throttle(ctx, `resend:user:${ctx.user.id}`, limits.resendPerUser);
    const user = await accountById(ctx.deps.db, ctx.user.id);
    if (user && !user.email_verified_at) await sendVerificationMail(ctx.deps, user);
    return {};
  }),

  handle('recovery-account', 'public', async (input, ctx) => {
    await throttle(ctx, `recovery:ip:${ctx.ip}`, limits.recoveryPerIp);
    const { deps } = ctx;
    const perMail = await deps.limiter.hit(
      `recovery:mail:${input.userMail}`,
      limits.recoveryPerMail.limit,
      limits.recoveryPerMail.windowMs,
    );
    const user = await accountByEmail(deps.db, input.userMail);
    // Same answer either way: a stranger cannot learn which addresses have an account.
    if (user && perMail.allowed) {
      const token = await issueOneTimeToken(deps, user.id, 'recovery');
      await deps.mail.send(
        user.email,
        recoveryMail(user.first_name, appLink(deps.config, user, `change-password/${token}`)),
      );
    }
    return {};
  }),

  handle('change-password', 'public', async (input, ctx) => {
    await throttle(ctx, `link:ip:${ctx.ip}`, limits.linkAttemptsPerIp);
    const { deps } = ctx;
    const redeemed = await redeemOneTimeToken(deps, input.ref, ['recovery']);
    if (!redeemed.ok) throw new ActionError(redeemed.code);
    const user = await accountById(deps.db, redeemed.userId);
    if (!user) throw new ActionError('E60');
    const now = deps.now().toISOString();
    await updateAccount(deps.db, user.id, {
      password_hash: await hashPassword(deps.config, input.userPassword),
      // Opening the mailed link proves the address is theirs.
      email_verified_at: user.email_verified_at ?? now,
      updated_at: now,
    });
    await endOtherSessions(deps, user.id);
    await deps.limiter.reset(`login-fail:mail:${user.email}`);
    const token = await createSession(deps, user.id, meta(ctx));
    return { token, userType: asUserType(user.user_type) };
  }),

  handle('update-password', 'signed-in', async (input, ctx) => {
    const { deps } = ctx;
    const user = await confirmPassword(deps, ctx.user.id, input.currentPassword);
    await updateAccount(deps.db, user.id, {
      password_hash: await hashPassword(deps.config, input.userPassword),
      updated_at: deps.now().toISOString(),
    });
    // Every session, this one included, ends; the caller continues with the new token.
    await endOtherSessions(deps, user.id);
    const token = await createSession(deps, user.id, meta(ctx));
    return { token };
  }),

  handle('autologin', 'public', async (input, ctx) => {
    await throttle(ctx, `link:ip:${ctx.ip}`, limits.linkAttemptsPerIp);
    const redeemed = await redeemOneTimeToken(ctx.deps, input.ref, ['autologin']);
    if (!redeemed.ok) throw new ActionError(redeemed.code);
    const user = await accountById(ctx.deps.db, redeemed.userId);
    if (!user) throw new ActionError('E60');
    const token = await createSession(ctx.deps, user.id, meta(ctx));
    return { token, userType: asUserType(user.user_type) };
  }),

  handle('change-user-email', 'signed-in', async (input, ctx) => {
    const { deps } = ctx;
    const user = await confirmPassword(deps, ctx.user.id, input.userPassword);
    if (input.userMail === user.email) throw new ActionError('E4');
    if (await isEmailInUse(deps.db, input.userMail, user.id)) throw new ActionError('E5');
    await updateAccount(deps.db, user.id, {
      pending_email: input.userMail,
      updated_at: deps.now().toISOString(),
    });
    const token = await issueOneTimeToken(deps, user.id, 'change-email', input.userMail);
    await deps.mail.send(
      input.userMail,
      changeEmailMail(user.first_name, appLink(deps.config, user, `verify-email/${token}`)),
    );
    return {};
  }),
];
