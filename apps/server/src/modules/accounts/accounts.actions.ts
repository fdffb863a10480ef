import type { UserInfo } from '@agendo/contract';
import type { z } from 'zod';
import { asFlag, asUserType } from '../../lib/flags.ts';
import { normalisePhone } from '../../lib/phone.ts';
import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserById, findUserByRef, updateUser } from './accounts.repository.ts';
import type { Account } from './accounts.service.ts';

function toUserInfo(user: Account): z.infer<typeof UserInfo> {
  return {
    ref: user.ref,
    userType: asUserType(user.user_type),
    userFirstName: user.first_name,
    userLastName: user.last_name,
    userMail: user.email,
    userImg: user.img,
    userPhone: user.phone,
    userCountry: user.country_id,
    userTimeZone: user.time_zone,
    userLang: user.lang === 'en' ? 'en' : 'es',
    emailVerified: user.email_verified_at !== null,
    pendingMail: user.pending_email,
  };
}

export const accountsHandlers = [
  handle('find-user-data', 'public', async (input, ctx) => {
    if (input.ref) {
      // Public: only the flags the booking picker needs, and only of professionals.
      const prof = await findUserByRef(ctx.deps.db, input.ref);
      if (prof?.user_type !== 1) throw new ActionError('E7');
      return {
        ref: prof.ref,
        userType: 1 as const,
        blockUse: asFlag(prof.block_use),
        card_added: asFlag(prof.card_added),
        userPlan: prof.user_plan,
      };
    }
    if (!ctx.user) throw new ActionError('E401');
    // spec 002 §3: a professional's own data carries the plan fields (and brings the flags up to date).
    const plan =
      ctx.user.userType === 1 ? await ctx.deps.plans.view(ctx.deps, ctx.deps.db, ctx.user.id) : undefined;
    const user = await findUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw new ActionError('E401');
    const { blockUse: _b, card_added: _c, userPlan: _p, ...planFields } = plan ?? {};
    return {
      ...planFields,
      ref: user.ref,
      userType: asUserType(user.user_type),
      blockUse: asFlag(user.block_use),
      card_added: asFlag(user.card_added),
      userPlan: user.user_plan,
      emailVerified: user.email_verified_at !== null,
      newUser: user.new_user === 1,
      isAdmin: user.is_admin === 1,
    };
  }),

  handle('clear-new-user', 'signed-in', async (_input, ctx) => {
    await updateUser(ctx.deps.db, ctx.user.id, { new_user: 0, updated_at: ctx.deps.now().toISOString() });
    return {};
  }),

  handle('find-user-info', 'signed-in', async (_input, ctx) => {
    const user = await findUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw new ActionError('E401');
    return toUserInfo(user);
  }),

  handle('change-user-info', 'signed-in', async (input, ctx) => {
    if (input.userCountry !== undefined && !(await ctx.deps.reference.countryById(input.userCountry))) {
      throw new ActionError('E20');
    }
    await updateUser(ctx.deps.db, ctx.user.id, {
      first_name: input.userFirstName,
      last_name: input.userLastName,
      ...(input.userTimeZone ? { time_zone: input.userTimeZone } : {}),
      ...(input.userLang ? { lang: input.userLang } : {}),
      ...(input.userCountry !== undefined ? { country_id: input.userCountry } : {}),
      updated_at: ctx.deps.now().toISOString(),
    });
    return {};
  }),

  handle('change-user-phone', 'signed-in', async (input, ctx) => {
    const user = await findUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw new ActionError('E401');
    // spec 002 §8: a number without '+' is spelled as the user's own country dials it.
    const country = await ctx.deps.reference.countryById(user.country_id);
    const phone = normalisePhone(input.userPhone, country?.iso2);
    if (!phone) throw new ActionError('E71');
    await updateUser(ctx.deps.db, ctx.user.id, { phone, updated_at: ctx.deps.now().toISOString() });
    return { userPhone: phone };
  }),
];
