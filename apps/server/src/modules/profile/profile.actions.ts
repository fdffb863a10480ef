import { isTherapyId, socialNetworks, therapyName } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { handle, type SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { sanitiseBio } from './bio-sanitiser.ts';
import {
  businessFigures,
  findNicknameOwner,
  findProfile,
  isUniqueViolation,
  listBusinessItems,
  listListedProfessionals,
  ratingsOf,
  saveProfile,
} from './profile.repository.ts';
import { type Links, readCertificate, readLinks } from './profile.service.ts';
import { removeProfileFile, signRoute } from './profile-files.route.ts';

type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

async function readAddress(deps: AppDeps, row: Profile | undefined) {
  if (!row?.address_country_id || !row.address_street) return null;
  const [country, states] = await Promise.all([
    deps.reference.countryById(row.address_country_id),
    deps.reference.listStates(row.address_country_id),
  ]);
  const stateId = row.address_state_id;
  const cities = stateId ? await deps.reference.listCities(stateId) : [];
  return {
    userCountry: row.address_country_id,
    userState: stateId,
    userCity: row.address_city_id,
    userStreet: row.address_street,
    userFloor: row.address_floor,
    userDepto: row.address_depto,
    userPObox: row.address_pobox,
    countryName: country?.name ?? '',
    stateName: states.find((s) => s.id === stateId)?.name ?? null,
    cityName: cities.find((c) => c.id === row.address_city_id)?.name ?? null,
  };
}

/**
 * The public profile (bio, business, nickname, networks) is a professional's; a client has
 * none. The policy 'signed-in' already keeps corporate (team) sessions out of every editor
 * here: a team member acts on the agenda and contacts, not on the owner's public face.
 */
function requireProfessional(ctx: SignedInContext) {
  if (ctx.user.userType !== 1) throw new ActionError('E403');
}

const nowText = (deps: AppDeps) => deps.now().toISOString();

export const profileHandlers = [
  handle('find-user-profile', 'signed-in', async (_input, ctx) => {
    const row = await findProfile(ctx.deps.db, ctx.user.id);
    return {
      userBio: row?.bio ?? null,
      businessName: row?.business_name ?? null,
      nickname: row?.nickname ?? null,
      socialNetworks: readLinks(row?.social_links ?? null),
      address: await readAddress(ctx.deps, row),
      logoSquare: row?.logo_square ?? null,
      logoRectangle: row?.logo_rectangle ?? null,
      sign: row?.sign_key ? signRoute : null,
      certificate: readCertificate(row),
    };
  }),

  handle('delete-profile-image', 'signed-in', async (input, ctx) => {
    requireProfessional(ctx);
    await removeProfileFile(ctx.deps, ctx.user.id, input.kind);
    return {};
  }),

  handle('find-professionals-list', 'public', async (input, ctx) => {
    const therapyId = Number(input.ref);
    if (therapyId !== 0 && !isTherapyId(therapyId)) throw new ActionError('E1');
    const rows = await listListedProfessionals(ctx.deps.db, therapyId === 0 ? null : therapyId, 200);
    const ratings = await ratingsOf(
      ctx.deps.db,
      rows.map((r) => r.id),
    );
    const professionals = rows.map((r) => {
      const rating = ratings.get(r.id);
      return {
        profRef: r.ref,
        profName: r.first_name,
        profLastName: r.last_name,
        businessName: r.business_name,
        img: r.logo_square ?? r.img,
        services: r.services,
        ratingAverage: rating?.average ?? null,
        ratingCount: rating?.count ?? 0,
      };
    });
    // 'rating': best average first, more ratings breaking ties; unrated last, newest first among them.
    if (input.listType === 'rating') {
      professionals.sort(
        (a, b) => (b.ratingAverage ?? -1) - (a.ratingAverage ?? -1) || b.ratingCount - a.ratingCount,
      );
    }
    return {
      therapy: therapyId === 0 ? null : therapyName(therapyId),
      professionals: professionals.slice(0, 60),
    };
  }),

  handle('find-my-business', 'signed-in', async (_input, ctx) => {
    requireProfessional(ctx);
    const now = ctx.deps.now();
    const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
    const [items, figures] = await Promise.all([
      listBusinessItems(ctx.deps.db, ctx.user.id),
      businessFigures(ctx.deps.db, ctx.user.id, now.toISOString(), monthAgo.toISOString()),
    ]);
    const asItem = (r: { ref: string; title: string; paused: number }) => ({
      ref: r.ref,
      title: r.title,
      paused: r.paused === 1,
    });
    return { services: items.services.map(asItem), workshops: items.workshops.map(asItem), figures };
  }),

  handle('change-user-bio', 'signed-in', async (input, ctx) => {
    requireProfessional(ctx);
    const bio = sanitiseBio(input.userBio);
    await saveProfile(ctx.deps.db, ctx.user.id, { bio: bio === '' ? null : bio }, nowText(ctx.deps));
    return { userBio: bio === '' ? null : bio };
  }),

  handle('change-business-name', 'signed-in', async (input, ctx) => {
    requireProfessional(ctx);
    await saveProfile(ctx.deps.db, ctx.user.id, { business_name: input.businessName }, nowText(ctx.deps));
    return {};
  }),

  handle('change-nickname', 'signed-in', async (input, ctx) => {
    requireProfessional(ctx);
    const key = input.nickname.toLowerCase();
    const owner = await findNicknameOwner(ctx.deps.db, key);
    if (owner && owner.user_id !== ctx.user.id) throw new ActionError('E87');
    try {
      await saveProfile(
        ctx.deps.db,
        ctx.user.id,
        { nickname: input.nickname, nickname_key: key },
        nowText(ctx.deps),
      );
    } catch (error) {
      // Two professionals asking for the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw new ActionError('E87');
      throw error;
    }
    return { nickname: input.nickname };
  }),

  handle('change-social-networks', 'signed-in', async (input, ctx) => {
    requireProfessional(ctx);
    const links = Object.fromEntries(socialNetworks.map((n) => [n, input[n] ?? null])) as Links;
    await saveProfile(ctx.deps.db, ctx.user.id, { social_links: JSON.stringify(links) }, nowText(ctx.deps));
    return { socialNetworks: links };
  }),

  handle('change-user-address', 'signed-in', async (input, ctx) => {
    const { reference } = ctx.deps;
    if (!(await reference.countryById(input.userCountry))) throw new ActionError('E20');
    const states = await reference.listStates(input.userCountry);
    const stateId = input.userState ?? null;
    // Some small territories have no states in the reference data; then none is asked for.
    if (stateId === null && states.length > 0) throw new ActionError('E23');
    if (stateId !== null && !states.some((s) => s.id === stateId)) throw new ActionError('E25');
    const cities = stateId === null ? [] : await reference.listCities(stateId);
    const cityId = input.userCity ?? null;
    // About a fifth of the states have no cities in the data; there the city is not asked for.
    if (cityId === null && cities.length > 0) throw new ActionError('E27');
    if (cityId !== null && !cities.some((c) => c.id === cityId)) throw new ActionError('E26');
    await saveProfile(
      ctx.deps.db,
      ctx.user.id,
      {
        address_country_id: input.userCountry,
        address_state_id: stateId,
        address_city_id: cityId,
        address_street: input.userStreet,
        address_floor: input.userFloor || null,
        address_depto: input.userDepto || null,
        address_pobox: input.userPObox || null,
      },
      nowText(ctx.deps),
    );
    return {};
  }),
];
