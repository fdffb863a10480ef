import { z } from 'zod';
import type { ErrorCatalogue } from '../action.ts';
import { action, ok, okOnly } from '../action.ts';
import { addressErrors } from '../constants/address.ts';
import {
  bioMaxLength,
  businessNameMaxLength,
  nicknameLimits,
  profileImageKinds,
} from '../constants/profile.ts';
import {
  normaliseSocialLink,
  type SocialNetwork,
  socialLinkMaxLength,
  socialNetworkLabels,
  socialNetworks,
} from '../rules/social-networks.ts';
import { numeric, optionalBlank } from './fields.ts';

const SocialLinks = z.object(
  Object.fromEntries(socialNetworks.map((n) => [n, z.string().nullable()])) as Record<
    SocialNetwork,
    z.ZodNullable<z.ZodString>
  >,
);

const Address = z.object({
  userCountry: z.number().int(),
  userState: z.number().int().nullable(),
  userCity: z.number().int().nullable(),
  userStreet: z.string(),
  userFloor: z.string().nullable(),
  userDepto: z.string().nullable(),
  userPObox: z.string().nullable(),
  countryName: z.string(),
  stateName: z.string().nullable(),
  cityName: z.string().nullable(),
});

/** The certificate as the public page shows it: 'verificado por el profesional'. */
const ProfileCertificate = z.object({
  link: z.string(),
  kind: z.enum(['image', 'pdf']),
  title: z.string(),
});

/** The signed-in user's own profile (issue 18: what my-profile summarises and each editor reads). */
export const findUserProfile = action('find-user-profile', {
  input: z.object({}),
  output: ok({
    userBio: z.string().nullable(),
    businessName: z.string().nullable(),
    nickname: z.string().nullable(),
    socialNetworks: SocialLinks,
    address: Address.nullable(),
    logoSquare: z.string().nullable(),
    logoRectangle: z.string().nullable(),
    /** The private route of the signature (fetched with the session), or null without one. */
    sign: z.string().nullable(),
    certificate: ProfileCertificate.nullable(),
  }),
});

/** Removes a logo, the signature or the certificate; removing what is not there is not an error. */
export const deleteProfileImage = action('delete-profile-image', {
  input: z.object({ kind: z.enum([...profileImageKinds, 'certificate'], 'E1') }),
  output: okOnly,
  errors: { E1: { es: 'No sabemos qué imagen quieres quitar.', en: 'Unknown image kind.', field: 'kind' } },
});

const BusinessItem = z.object({ ref: z.string(), title: z.string(), paused: z.boolean() });
const Amount = z.object({ currency: z.string(), amount: z.number().int() });

/**
 * my-business (spec 000 §2.2): the professional's services and workshops with their figures.
 * Money in minor units per currency (an account may sell in more than one).
 */
export const findMyBusiness = action('find-my-business', {
  input: z.object({}),
  output: ok({
    services: z.array(BusinessItem),
    workshops: z.array(BusinessItem),
    figures: z.object({
      /** Appointments not cancelled that start from now on. */
      upcomingBookings: z.number().int(),
      /** Appointments not cancelled that started in the last 30 days. */
      bookingsLast30Days: z.number().int(),
      contacts: z.number().int(),
      /** Paid appointments of the last 30 days, by currency. */
      incomeLast30Days: z.array(Amount),
      ratingAverage: z.number().nullable(),
      ratingCount: z.number().int(),
      unansweredQuestions: z.number().int(),
      students: z.number().int(),
    }),
  }),
});

/**
 * Rich text limited to safe formatting: the server keeps paragraphs, line breaks, bold, italic,
 * underline, lists and https links, and drops everything else before saving.
 */
export const changeUserBio = action('change-user-bio', {
  input: z.object({ userBio: z.string({ error: 'E80' }).max(bioMaxLength, 'E80') }),
  output: ok({ userBio: z.string().nullable() }),
  errors: {
    E80: {
      es: `La biografía no puede superar los ${bioMaxLength} caracteres.`,
      en: `The bio cannot exceed ${bioMaxLength} characters.`,
      field: 'userBio',
    },
  },
});

export const changeBusinessName = action('change-business-name', {
  input: z.object({
    businessName: z
      .string({ error: 'E81' })
      .trim()
      .min(1, 'E81')
      .max(businessNameMaxLength, 'E82')
      .regex(/^[^<>]*$/, 'E83'),
  }),
  output: okOnly,
  errors: {
    E81: {
      es: 'Debes ingresar el nombre de tu negocio.',
      en: 'Enter the name of your business.',
      field: 'businessName',
    },
    E82: {
      es: `El nombre del negocio no puede superar los ${businessNameMaxLength} caracteres.`,
      en: `The business name cannot exceed ${businessNameMaxLength} characters.`,
      field: 'businessName',
    },
    E83: {
      es: 'El nombre del negocio no puede contener los signos < y >.',
      en: 'The business name cannot contain < or >.',
      field: 'businessName',
    },
  },
});

/** The short link /go/{nickname} (issue 18): letters, digits, '.', '_' and '-', unique whatever the case. */
export const changeNickname = action('change-nickname', {
  input: z.object({
    nickname: z
      .string({ error: 'E84' })
      .trim()
      .min(1, 'E84')
      .min(nicknameLimits.min, 'E85')
      .max(nicknameLimits.max, 'E85')
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/, 'E86'),
  }),
  output: ok({ nickname: z.string() }),
  errors: {
    E84: { es: 'Debes ingresar tu nombre de usuario.', en: 'Enter your username.', field: 'nickname' },
    E85: {
      es: `El nombre de usuario debe tener entre ${nicknameLimits.min} y ${nicknameLimits.max} caracteres.`,
      en: `The username must have ${nicknameLimits.min} to ${nicknameLimits.max} characters.`,
      field: 'nickname',
    },
    E86: {
      es: 'El nombre de usuario solo puede contener letras sin acentos, números, puntos, guiones y guiones bajos, y debe empezar y terminar con una letra o un número.',
      en: 'The username can only contain letters without accents, numbers, dots, hyphens and underscores, and must start and end with a letter or a number.',
      field: 'nickname',
    },
    E87: {
      es: 'Ese nombre de usuario ya está en uso. Elige otro.',
      en: 'That username is already taken. Choose another one.',
      field: 'nickname',
    },
  },
});

const socialCodes: Record<SocialNetwork, string> = {
  instagram: 'E90',
  facebook: 'E91',
  linkedin: 'E92',
  x: 'E93',
  youtube: 'E94',
  tiktok: 'E95',
  website: 'E96',
};

/** '' or null clears the network; anything else must be a handle or a link of that network. */
function socialField(network: SocialNetwork) {
  const code = socialCodes[network];
  return z
    .string({ error: code })
    .trim()
    .max(socialLinkMaxLength, code)
    .nullish()
    .refine((v) => !v || normaliseSocialLink(network, v) !== null, code)
    .transform((v) => (v ? normaliseSocialLink(network, v) : null));
}

export const changeSocialNetworks = action('change-social-networks', {
  input: z.object(
    Object.fromEntries(socialNetworks.map((n) => [n, socialField(n)])) as Record<
      SocialNetwork,
      ReturnType<typeof socialField>
    >,
  ),
  output: ok({ socialNetworks: SocialLinks }),
  errors: Object.fromEntries(
    socialNetworks.map((n) => [
      socialCodes[n],
      n === 'website'
        ? {
            es: 'La dirección del sitio web no es válida (por ejemplo: www.tusitio.com).',
            en: 'The website address is not valid (for example: www.yoursite.com).',
            field: n,
          }
        : {
            es: `El usuario o enlace de ${socialNetworkLabels[n]} no es válido.`,
            en: `The ${socialNetworkLabels[n]} username or link is not valid.`,
            field: n,
          },
    ]),
  ) as ErrorCatalogue,
});

const placeId = (code: string) => numeric(z.number({ error: code }).int(code).positive(code));
function optionalText(max: number, lengthCode: string, pattern: RegExp, charsCode: string) {
  return z.string({ error: lengthCode }).trim().max(max, lengthCode).regex(pattern, charsCode).nullish();
}

/** spec 001 §2.2 (country, state and city chosen in sequence) and §5's address limits. */
export const changeUserAddress = action('change-user-address', {
  input: z.object({
    userCountry: placeId('E20'),
    userState: optionalBlank(placeId('E24')),
    userCity: optionalBlank(placeId('E26')),
    userStreet: z
      .string({ error: 'E29' })
      .trim()
      .min(1, 'E29')
      .min(3, 'E30a')
      .max(250, 'E30a')
      .regex(/^[\p{L}\p{M}0-9 .,#/º°'-]*$/u, 'E31'),
    userFloor: optionalText(3, 'E33', /^[\p{L}0-9]*$/u, 'E34'),
    userDepto: optionalText(8, 'E36', /^[\p{L}0-9 -]*$/u, 'E37'),
    userPObox: optionalText(10, 'E38', /^[A-Za-z0-9 -]*$/, 'E38'),
  }),
  output: okOnly,
  errors: {
    ...addressErrors,
    E27: { es: 'Debes seleccionar la ciudad.', en: 'Choose the city.', field: 'userCity' },
  },
});

/**
 * professionals-list/{ref}/{listType} (spec 000 §2.2, public): professionals with live services,
 * of one therapy (its id in `ref`, '0' for all), best rated first ('rating') or newest ('recent').
 */
export const findProfessionalsList = action('find-professionals-list', {
  input: z.object({
    ref: z.string({ error: 'E1' }).regex(/^\d{1,3}$/, 'E1'),
    listType: z.enum(['rating', 'recent'], 'E2'),
  }),
  output: ok({
    therapy: z.string().nullable(),
    professionals: z.array(
      z.object({
        profRef: z.string(),
        profName: z.string(),
        profLastName: z.string(),
        businessName: z.string().nullable(),
        img: z.string().nullable(),
        services: z.number().int(),
        ratingAverage: z.number().nullable(),
        ratingCount: z.number().int(),
      }),
    ),
  }),
  errors: {
    E1: { es: 'No encontramos esa especialidad.', en: 'Unknown speciality.', field: 'ref' },
    E2: { es: 'El tipo de lista no es válido.', en: 'Unknown list type.', field: 'listType' },
  },
});
