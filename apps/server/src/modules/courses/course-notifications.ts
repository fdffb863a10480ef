import { formatMoney, minorUnitsOf } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { render } from '../../lib/mail-templates.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findModuleById, findPurchaseById, findWorkshopById } from './courses.repository.ts';

/**
 * What the courses slice tells the notifications service (issue 17): a course module bought and
 * a certificate issued. Each is one mail (Spanish, like the appointment mails) and the same event
 * in the app (listed, live, pushed); the service picks the channels, this file only says what
 * happened and to whom. Written through the caller's transaction, so the mail and the
 * notification exist exactly when the purchase or the certificate does.
 */

/** Where a purchase stands when it is told: open now, or waiting for the professional to collect. */
export type PurchaseStage = 'confirmed' | 'pending';

const fullName = (a: { first_name: string; last_name: string }) => `${a.first_name} ${a.last_name}`.trim();

/**
 * A module purchase: the buyer hears that it is open (or registered and waiting for the payment
 * to be collected); the professional hears of a new sale when `toSeller` (not again when they
 * themselves mark a transfer as collected).
 */
export async function tellModulePurchase(
  deps: AppDeps,
  db: DB,
  purchaseId: number,
  stage: PurchaseStage,
  toSeller: boolean,
): Promise<void> {
  const purchase = await findPurchaseById(db, purchaseId);
  const module = purchase ? await findModuleById(db, purchase.module_id) : undefined;
  const workshop = module ? await findWorkshopById(db, module.workshop_id) : undefined;
  if (!purchase || !module || !workshop) return;
  const [buyer, seller] = await Promise.all([
    accountById(db, purchase.user_id),
    accountById(db, workshop.user_id),
  ]);
  if (!buyer || !seller) return;
  const what = module.title === workshop.title ? workshop.title : `${module.title} de ${workshop.title}`;
  const amount =
    purchase.price_minor === 0
      ? 'GRATIS'
      : formatMoney(
          purchase.price_minor / minorUnitsOf(purchase.currency),
          purchase.currency,
          buyer.country_id,
        );
  const priceLine = `Valor: ${amount}${purchase.price_minor === 0 ? '' : stage === 'confirmed' ? ' (ABONADO)' : ' (PENDIENTE DE PAGO)'}.`;

  const buyerSubject =
    stage === 'confirmed'
      ? `Tu compra está confirmada: ${workshop.title}`
      : `Registramos tu compra: ${workshop.title}`;
  const buyerOpening =
    stage === 'confirmed'
      ? `Ya tienes acceso a ${what}, de ${fullName(seller)}.`
      : `Tu compra de ${what} quedó registrada. Se habilita cuando ${fullName(seller)} confirme tu pago.`;
  await notify(deps, db, {
    userId: buyer.id,
    kind: 'course-purchase',
    title: buyerSubject,
    body: buyerOpening,
    link: 'my-courses',
    mail: {
      to: buyer.email,
      content: render(
        `course-purchase-${stage}`,
        buyerSubject,
        [`¡Hola ${buyer.first_name}!`, buyerOpening, priceLine],
        { label: 'Ir a mis cursos', url: appLink(deps.config, buyer, 'my-courses') },
        'Recibes este email porque compraste un curso en Agendo.',
      ),
    },
  });

  if (!toSeller) return;
  // A free module is an enrolment, not a sale.
  const sellerSubject = `${purchase.price_minor === 0 ? 'Nueva inscripción' : 'Nueva venta'}: ${workshop.title}`;
  const sellerOpening =
    stage === 'confirmed'
      ? `${fullName(buyer)} compró ${what}.`
      : `${fullName(buyer)} compró ${what}. El pago está pendiente: márcalo como abonado cuando lo recibas.`;
  await notify(deps, db, {
    userId: seller.id,
    kind: 'course-sale',
    title: sellerSubject,
    body: sellerOpening,
    link: 'courses',
    mail: {
      to: seller.email,
      content: render(
        `course-sale-${stage}`,
        sellerSubject,
        [`¡Hola ${seller.first_name}!`, sellerOpening, priceLine],
        { label: 'Ver mis alumnos', url: appLink(deps.config, seller, 'courses') },
        'Recibes este email por una venta de tus cursos en Agendo.',
      ),
    },
  });
}

/** A certificate issued: its student hears it is ready, with the link that shows and verifies it. */
export async function tellCertificateIssued(
  deps: AppDeps,
  db: DB,
  certificate: { ref: string; course_title: string; professional_name: string },
  studentId: number,
): Promise<void> {
  const student = await accountById(db, studentId);
  if (!student) return;
  const subject = `Tu certificado está listo: ${certificate.course_title}`;
  const opening = `Completaste ${certificate.course_title}, de ${certificate.professional_name}, y ya tienes tu certificado.`;
  const link = `certificate/${certificate.ref}`;
  await notify(deps, db, {
    userId: student.id,
    kind: 'course-certificate',
    title: subject,
    body: opening,
    link,
    mail: {
      to: student.email,
      content: render(
        'course-certificate',
        subject,
        [
          `¡Felicitaciones, ${student.first_name}!`,
          opening,
          'Desde el enlace puedes descargarlo en PDF; cualquiera puede verificarlo con su código QR.',
        ],
        { label: 'Ver mi certificado', url: appLink(deps.config, student, link) },
        'Recibes este email porque terminaste un curso en Agendo.',
      ),
    },
  });
}
