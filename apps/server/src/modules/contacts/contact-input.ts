import {
  birthDateProblem,
  type CorporatePermission,
  insuranceApplies,
  isDisposableEmail,
  type ParsedInputOf,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import { normalisePhone } from '../../lib/phone.ts';
import type { SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import type { ContactChanges } from './contacts.repository.ts';

type ContactInput = ParsedInputOf<'add-contact'> | ParsedInputOf<'update-contact'>;

/** Whether this session may see a section (outside a corporate session everything is allowed). */
export function hasPermission(ctx: SignedInContext, permission: CorporatePermission): boolean {
  return ctx.user.permissions === null || ctx.user.permissions[permission] === true;
}

const blank = (value: string | null | undefined) => (value ? value : null);

/**
 * The server-side rules of spec 001 §5 and §8 for a contact that the schema cannot decide alone
 * (they need the clock, the reference data or the accounts), in the order the form reads. Answers
 * the columns to store. The e-mail uniqueness (E5 / E30) is the caller's, since it differs.
 */
export async function checkContactInput(
  ctx: SignedInContext,
  input: ContactInput,
  mode: 'add' | 'update',
): Promise<Omit<ContactChanges, 'id' | 'ref' | 'professional_id' | 'created_at' | 'updated_at'>> {
  const { deps } = ctx;
  const owner = await accountById(deps.db, ctx.user.id);
  if (!owner) throw new ActionError('E401');

  // spec 001 §8 E4 'No puedes utilizar ese email.': your own address (or your team member's), or
  // a disposable one: reminders and the client's account would reach the wrong person or nobody.
  const ownAddresses = new Set([owner.email.toLowerCase()]);
  if (ctx.user.actorId !== ctx.user.id) {
    const actor = await accountById(deps.db, ctx.user.actorId);
    if (actor) ownAddresses.add(actor.email.toLowerCase());
  }
  if (ownAddresses.has(input.userMail) || isDisposableEmail(input.userMail)) throw new ActionError('E4');

  const { userBirthYear: year, userBirthMonth: month, userBirthDay: day } = input;
  const anyBirthPart = [year, month, day].some((v) => v !== null && v !== undefined);
  if (mode === 'update' || anyBirthPart) {
    const today = DateTime.fromJSDate(deps.now(), { zone: owner.time_zone });
    const problem = birthDateProblem(
      { year: year ?? undefined, month: month ?? undefined, day: day ?? undefined },
      { year: today.year, month: today.month, day: today.day },
    );
    if (problem) throw new ActionError(problem);
  }

  const country = await deps.reference.countryById(input.userCountry);
  if (!country) throw new ActionError('E20');
  const states = await deps.reference.listStates(input.userCountry);
  const stateId = input.userState ?? null;
  // Some small territories have no states in the reference data; then none is asked for.
  if (stateId === null && states.length > 0) throw new ActionError('E23');
  if (stateId !== null && !states.some((s) => s.id === stateId)) throw new ActionError('E25');
  const cityId = input.userCity ?? null;
  if (cityId !== null) {
    const cities = stateId === null ? [] : await deps.reference.listCities(stateId);
    if (!cities.some((c) => c.id === cityId)) throw new ActionError('E26');
  }

  // A number without '+' is spelled as the contact's country dials it (spec 001 §5: required, valid).
  const phone = normalisePhone(input.userPhone, country.iso2);
  if (!phone) throw new ActionError('E71');

  const insurance = insuranceApplies(owner.country_id, input.userCountry);
  return {
    first_name: input.userFirstName,
    last_name: input.userLastName,
    email: input.userMail,
    phone,
    country_id: input.userCountry,
    state_id: stateId,
    city_id: cityId,
    street: blank(input.userStreet),
    floor: blank(input.userFloor),
    depto: blank(input.userDepto),
    pobox: blank(input.userPObox),
    gender: input.userGender ?? null,
    birth_year: anyBirthPart ? (year ?? null) : null,
    birth_month: anyBirthPart ? (month ?? null) : null,
    birth_day: anyBirthPart ? (day ?? null) : null,
    // spec 001 §2.2: insurance exists only when both countries are 5; otherwise it is not kept.
    obra_social: insurance ? blank(input.obraSocial) : null,
    num_obra_social: insurance ? blank(input.numObraSocial) : null,
    identify: blank(input.userIdentify),
  };
}
