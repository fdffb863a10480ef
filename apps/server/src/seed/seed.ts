import { randomBytes } from 'node:crypto';
import { countryIds } from '@agendo/contract';
import type { AppDeps } from '../deps.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newRef } from '../lib/random.ts';
import { findUserByEmail, insertUser } from '../modules/accounts/accounts.repository.ts';
import { upsertShortLink } from '../modules/links/links.repository.ts';
import { seedBookings } from './seed-bookings.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { seedClinical } from './seed-clinical.ts';
import { seedCourses } from './seed-courses.ts';
import { seedInvoices } from './seed-invoices.ts';
import { seedPlans } from './seed-plans.ts';
import { seedProfile } from './seed-profile.ts';
import { seedRecords } from './seed-records.ts';
import { seedSales } from './seed-sales.ts';

export const demoPassword = 'demo1234';
export const demoAccounts = [
  {
    email: 'profesional@agendo.test',
    firstName: 'Lucía',
    lastName: 'Fernández',
    userType: 1,
    label: 'Profesional',
  },
  {
    email: 'consultante@agendo.test',
    firstName: 'Martín',
    lastName: 'Gómez',
    userType: 2,
    label: 'Consultante',
  },
  {
    // A student of the demo course with a transfer still to collect (IMPAGO in Alumnos).
    email: 'alumna@agendo.test',
    firstName: 'Sofía',
    lastName: 'Ramírez',
    userType: 2,
    label: 'Alumna',
  },
  {
    // Edits the exchange-rate table (spec 000 §9: international prices in USD).
    email: 'admin@agendo.test',
    firstName: 'Ana',
    lastName: 'Administradora',
    userType: 2,
    label: 'Administración',
    isAdmin: true,
  },
] as const;

/**
 * The demo marketplace. Idempotent: each record is looked up by a natural key first, so
 * running it on every start changes nothing after the first. Later slices add their part.
 */
export async function seedDemo(deps: AppDeps): Promise<void> {
  const now = deps.now().toISOString();
  const passwordHash = await hashPassword(deps.config, demoPassword);
  // issue 12: a production seed (SEED_DEMO=1) never creates an administrator with a published
  // password; it gets a random one nobody is told (a password reset by mail still works).
  const adminHash =
    deps.config.env === 'production'
      ? await hashPassword(deps.config, randomBytes(32).toString('base64url'))
      : passwordHash;
  for (const account of demoAccounts) {
    if (await findUserByEmail(deps.db, account.email)) continue;
    const isAdmin = 'isAdmin' in account && account.isAdmin;
    await insertUser(deps.db, {
      ref: newRef(),
      email: account.email,
      password_hash: isAdmin ? adminHash : passwordHash,
      first_name: account.firstName,
      last_name: account.lastName,
      user_type: account.userType,
      country_id: countryIds.AR,
      lang: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
      phone: account.userType === 1 ? '+5491155550101' : '+5491155550202',
      is_admin: isAdmin ? 1 : 0,
      img: null,
      email_verified_at: now,
      pending_email: null,
      new_user: 0,
      signup_ref: null,
      created_at: now,
      updated_at: now,
    });
  }
  await seedCatalogue(deps, demoAccounts[0].email, passwordHash);
  await seedProfile(deps, demoAccounts[0].email);
  await upsertShortLink(deps.db, 'registro', '/ar/es/register?tipo=profesional', now);
  await seedRecords(deps);
  await seedClinical(deps);
  await seedBookings(deps);
  await seedCourses(deps);
  await seedSales(deps);
  await seedInvoices(deps);
  await seedPlans(deps, passwordHash);
}
