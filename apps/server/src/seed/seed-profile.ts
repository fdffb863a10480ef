import { countryIds, socialNetworks } from '@agendo/contract';
import type { AppDeps } from '../deps.ts';
import { loadSharp } from '../lib/heavy-libraries.ts';
import { openPdfDocument } from '../lib/pdf-document.ts';
import { isPublicImage, reencodePublicImage } from '../lib/public-image.ts';
import { newRef } from '../lib/random.ts';
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
      ...(await demoProfileFiles(deps, user.ref)),
    },
    deps.now().toISOString(),
  );
}

export const demoCertificateTitle = 'Licenciada en Psicología (UBA), M.N. 12345';

/**
 * The demo's logos and certificate, drawn at seed time rather than committed as binaries: the
 * logos go through the same checks and re-encoding as an upload (upload/profile-image), the
 * certificate is a one-page PDF kept as sent, as upload/user-certificate keeps one.
 */
async function demoProfileFiles(deps: AppDeps, userRef: string) {
  const logo = async (width: number, height: number, svg: string, kind: string) => {
    const sharp = await loadSharp();
    const png = await sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
    if (!(await isPublicImage(png))) throw new Error(`demo ${kind} is not a public image`);
    const webp = await reencodePublicImage(png);
    if (!webp) throw new Error(`demo ${kind} could not be re-encoded`);
    return deps.storage.put('profile', `${userRef}-${kind}-${newRef()}.webp`, webp);
  };
  const square = await logo(
    512,
    512,
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#0b7a6b"/>' +
      '<text x="256" y="318" font-family="sans-serif" font-size="200" font-weight="700" fill="#ffffff" text-anchor="middle">LF</text></svg>',
    'logo-square',
  );
  const rectangle = await logo(
    1200,
    400,
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="#e8f4f1"/>' +
      '<rect x="60" y="100" width="200" height="200" rx="40" fill="#0b7a6b"/>' +
      '<text x="160" y="235" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" text-anchor="middle">LF</text>' +
      '<text x="300" y="190" font-family="sans-serif" font-size="64" font-weight="700" fill="#0b4a42">Consultorio</text>' +
      '<text x="300" y="270" font-family="sans-serif" font-size="64" fill="#0b4a42">Lucía Fernández</text></svg>',
    'logo-rectangle',
  );
  const certificate = await deps.storage.put(
    'certificates',
    `${userRef}-${newRef()}.pdf`,
    await demoCertificatePdf(deps.now()),
  );
  return {
    logo_square: square,
    logo_rectangle: rectangle,
    certificate_path: certificate,
    certificate_kind: 'pdf' as const,
    certificate_title: demoCertificateTitle,
    certificate_at: deps.now().toISOString(),
  };
}

/** A diploma-like page: clearly a demo, so nobody takes it for a real licence. */
async function demoCertificatePdf(now: Date): Promise<Buffer> {
  const { doc, bytes } = await openPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: demoCertificateTitle, Author: 'Agendo (demo)', CreationDate: now },
  });
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#0b7a6b')
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  doc.moveDown(4).fillColor('#0b4a42').font('Helvetica-Bold').fontSize(34);
  doc.text('Universidad de Buenos Aires', { align: 'center' });
  doc.moveDown(0.6).font('Helvetica').fontSize(18).fillColor('#333333');
  doc.text('Facultad de Psicología', { align: 'center' });
  doc.moveDown(1.5).fontSize(16).text('otorga a', { align: 'center' });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(28).text('Lucía Fernández', { align: 'center' });
  doc
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(16)
    .text('el título de Licenciada en Psicología', { align: 'center' });
  doc.moveDown(0.5).text('Matrícula Nacional 12345', { align: 'center' });
  doc.moveDown(3).fontSize(10).fillColor('#888888');
  doc.text('Documento de demostración de Agendo: no es un título real.', { align: 'center' });
  doc.end();
  return bytes;
}
