import { countryIds, socialNetworks } from '@agendo/contract';
import type { AppDeps } from '../deps.ts';
import { findUserByEmail } from '../modules/accounts/accounts.repository.ts';
import { sanitiseBio } from '../modules/profile/bio-sanitiser.ts';
import { findProfile, saveProfile } from '../modules/profile/profile.repository.ts';

/**
 * The demo professional's profile (issue 18): what a visitor of the demo expects to find filled
 * in on my-profile and, later, on the public page. Written once: a profile the demo user has
 * edited since is left as they left it.
 */
export async function seedProfile(deps: AppDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || (await findProfile(deps.db, user.id))) return;
  const states = await deps.reference.listStates(countryIds.AR);
  // The city of Buenos Aires, whichever name the data set gives it (native or English).
  const state =
    states.find((s) => s.name.includes('Buenos Aires') && /Aut|Ciudad/.test(s.name)) ??
    states.find((s) => s.name.includes('Buenos Aires'));
  const cities = state ? await deps.reference.listCities(state.id) : [];
  const city = cities.find((c) => c.name === 'Palermo') ?? cities[0];
  const links = Object.fromEntries(socialNetworks.map((n) => [n, null])) as Record<string, string | null>;
  links.instagram = 'https://www.instagram.com/consultorio.lucia.fernandez';
  links.linkedin = 'https://www.linkedin.com/in/lucia-fernandez-psicologa';
  await saveProfile(
    deps.db,
    user.id,
    {
      business_name: 'Consultorio Lucía Fernández',
      nickname: 'lucia-fernandez',
      nickname_key: 'lucia-fernandez',
      bio: sanitiseBio(
        '<p>Soy <strong>licenciada en Psicología</strong> (UBA) con orientación cognitivo-conductual. ' +
          'Acompaño a adultos y adolescentes en procesos de ansiedad, estrés y cambios de etapa.</p>' +
          '<ul><li>Sesiones online y presenciales en Palermo</li><li>Talleres de manejo de la ansiedad</li></ul>',
      ),
      social_links: JSON.stringify(links),
      address_country_id: countryIds.AR,
      address_state_id: state?.id ?? null,
      address_city_id: city?.id ?? null,
      address_street: 'Av. Santa Fe 3200',
      address_floor: '4',
      address_depto: 'B',
      address_pobox: 'C1425',
    },
    deps.now().toISOString(),
  );
}
