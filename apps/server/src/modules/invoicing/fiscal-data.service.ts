import {
  type AfipData,
  type AfipLink,
  collapseSpaces,
  type DatosPersona,
  fiscalEmptyText,
  isValidCuit,
  type SavedAfipData,
  type UpdateAfipDataInput,
} from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { deleteAfipCredentials, findAfipCredentials } from './afip.repository.ts';
import {
  afipConnectedOk,
  afipForProfessional,
  afipLinkState,
  linkAfipWithImitation,
  saveAfipLinkCertificate,
  startAfipLink as startLink,
} from './afip-credentials.service.ts';
import {
  findContactFiscalData,
  findFiscalProfile,
  findOwnContactForFiscal,
  saveContactFiscalData,
  saveFiscalProfile,
} from './fiscal-data.repository.ts';

type Contact = NonNullable<Awaited<ReturnType<typeof findOwnContactForFiscal>>>;

/**
 * spec 002 §3 connectedOk: whether a login to AFIP works with the professional's linked
 * certificate (a WSAA login through the adapter, whose ticket is shared and cached). Until a
 * certificate is linked it is false, and the invoice popup shows the not-configured notice. (The
 * original answered get-afip-data with 400 E2 when not connected; we answer the fields with the
 * flag, so the editor still shows what was saved.)
 */
function connectedOk(deps: AppDeps, userId: number): Promise<boolean> {
  return afipConnectedOk(deps, userId);
}

/** The contact's own data as a first guess of their fiscal data: name, address, document. */
function prefillFromContact(contact: Contact) {
  const document = (contact.identify ?? '').replace(/\D/g, '');
  let docTipo = 0;
  if (document.length === 11 && isValidCuit(document)) docTipo = 80;
  else if (document.length === 7 || document.length === 8) docTipo = 96;
  const address = [contact.street, contact.floor, contact.depto]
    .map((part) => collapseSpaces(part ?? ''))
    .filter(Boolean)
    .join(' ');
  return {
    razonSocial: collapseSpaces(`${contact.first_name} ${contact.last_name}`),
    domicilioFiscal: address,
    // A client with no data yet is most often a consumidor final.
    condicionIva: 5,
    docTipo,
    cuit: docTipo === 0 ? '' : document,
  };
}

async function ownContact(deps: AppDeps, userId: number, refContact: string) {
  const contact = refContact ? await findOwnContactForFiscal(deps.db, userId, refContact) : undefined;
  // Another professional's contact answers exactly as one that does not exist.
  if (!contact) throw new ActionError('E90');
  return contact;
}

/** spec 002 §7 get-afip-data: the professional's own data (mode 1) or a contact's (mode 2). */
export async function getAfipData(
  deps: AppDeps,
  userId: number,
  input: { userMode: 1 | 2; refContact: string },
): Promise<AfipData> {
  const [profile, connected] = await Promise.all([
    findFiscalProfile(deps.db, userId),
    connectedOk(deps, userId),
  ]);
  const common = {
    sellerCondicionIva: profile?.condicion_iva ?? null,
    connectedOk: connected,
  };
  if (input.userMode === 1) {
    return {
      userMode: 1,
      refContact: '',
      razonSocial: profile?.razon_social ?? '',
      domicilioFiscal: profile?.domicilio_fiscal ?? '',
      condicionIva: profile?.condicion_iva ?? null,
      docTipo: profile?.doc_tipo ?? null,
      cuit: profile?.cuit ?? '',
      puntoVenta: profile?.punto_venta ?? null,
      fechaInicio: profile?.fecha_inicio ?? null,
      saved: profile !== undefined,
      insurance: null,
      userMail: null,
      ...common,
    };
  }
  const contact = await ownContact(deps, userId, input.refContact);
  const stored = await findContactFiscalData(deps.db, contact.id);
  const fields = stored
    ? {
        razonSocial: stored.razon_social,
        domicilioFiscal: stored.domicilio_fiscal,
        condicionIva: stored.condicion_iva,
        docTipo: stored.doc_tipo,
        cuit: stored.cuit,
      }
    : prefillFromContact(contact);
  const plan = collapseSpaces(contact.obra_social ?? '');
  const number = collapseSpaces(contact.num_obra_social ?? '');
  return {
    userMode: 2,
    refContact: contact.ref,
    ...fields,
    puntoVenta: null,
    fechaInicio: null,
    saved: stored !== undefined,
    insurance: plan && number ? { plan, number } : null,
    userMail: contact.email || null,
    ...common,
  };
}

/** spec 002 §5: text saved collapsed; in mode 1 an empty name or address is saved as '---'. */
function savedText(value: string, mode: 1 | 2) {
  const text = collapseSpaces(value);
  return text === '' && mode === 1 ? fiscalEmptyText : text;
}

/**
 * spec 002 §7 update-afip-data. The contract has checked every field (codes E2–E18 of §8); what
 * is left is whose record it is: the caller's own (mode 1) or a contact of theirs (mode 2).
 */
export async function updateAfipData(
  deps: AppDeps,
  userId: number,
  input: UpdateAfipDataInput,
): Promise<SavedAfipData> {
  const now = deps.now().toISOString();
  const docTipo = input.docTipo ?? 0;
  const identity = {
    razon_social: savedText(input.razonSocial, input.userMode),
    domicilio_fiscal: savedText(input.domicilioFiscal, input.userMode),
    condicion_iva: input.condicionIva ?? 0,
    doc_tipo: docTipo,
    // Without a document (type 0) no number is kept.
    cuit: docTipo === 0 ? '' : input.cuit.trim(),
  };
  if (input.userMode === 1) {
    // Issue 34: AFIP's certificate names one CUIT; once the CUIT changes it must not go on
    // invoicing (nor be shown as linked) under the old one. Unlinked with the save, in one step.
    const unlinkedCuit = await deps.db.transaction().execute(async (tx) => {
      const link = await findAfipCredentials(tx, userId);
      const stale = link !== undefined && link.cuit !== identity.cuit;
      if (stale) await deleteAfipCredentials(tx, userId);
      await saveFiscalProfile(
        tx,
        userId,
        { ...identity, punto_venta: Number(input.puntoVenta), fecha_inicio: input.fechaInicio.trim() },
        now,
      );
      return stale ? link.cuit : null;
    });
    return { ...(await getAfipData(deps, userId, { userMode: 1, refContact: '' })), unlinkedCuit };
  }
  const contact = await ownContact(deps, userId, input.refContact);
  await saveContactFiscalData(deps.db, contact.id, identity, now);
  return {
    ...(await getAfipData(deps, userId, { userMode: 2, refContact: contact.ref })),
    unlinkedCuit: null,
  };
}

/**
 * spec 002 §7 get-afip-padron: a person of AFIP's registry (ws_sr_padron_a13) by CUIT/CUIL, or by
 * DNI through the CUITs it has, searched with the professional's own link (spec 002 §5: "The
 * search runs only when the service is connected"). The contract has kept only 7–8 or 11 digits.
 */
export async function getAfipPadron(
  deps: AppDeps,
  userId: number,
  dni: string,
): Promise<{ datosPersona: DatosPersona }> {
  if (dni.length === 11 && !isValidCuit(dni)) throw new ActionError('E300');
  const afip = await afipForProfessional(deps, userId);
  if (!afip) throw new ActionError('E2');
  let person: Awaited<ReturnType<typeof afip.person>>;
  try {
    const ids = dni.length === 11 ? [dni] : await afip.personIdsByDocument(dni);
    person = ids[0] ? await afip.person(ids[0]) : null;
  } catch {
    throw new ActionError('E503');
  }
  if (!person) throw new ActionError('E400');
  const company = !person.lastName && !person.firstName;
  return {
    datosPersona: {
      tipoClave: person.keyType === 'CUIL' ? 'CUIL' : 'CUIT',
      // A company has one legal name: it goes in nombre, so 'apellido nombre' still reads right.
      nombre: company ? person.name : person.firstName,
      apellido: company ? '' : person.lastName,
      idPersona: person.id,
      domicilioFiscal: {
        direccion: person.address?.street ?? '',
        localidad: person.address?.locality ?? '',
        descripcionProvincia: person.address?.province ?? '',
      },
    },
  };
}

/** link-afip / connect-afip: the link's state and whether a login works; never the key. */
export async function findAfipLink(deps: AppDeps, userId: number): Promise<AfipLink> {
  const [link, connected] = await Promise.all([afipLinkState(deps, userId), afipConnectedOk(deps, userId)]);
  return {
    state: link.state,
    cuit: link.state === 'none' ? '' : link.cuit,
    csrPem: link.state === 'csr' ? link.csrPem : '',
    certificateExpiresAt: link.state === 'linked' ? link.certificateExpiresAt : null,
    connectedOk: connected,
    imitation: imitationAllowed(deps),
  };
}

/** The CSR names the CUIT and business name saved in update-afip-data (mode 1). */
async function linkSubject(deps: AppDeps, userId: number) {
  const profile = await findFiscalProfile(deps.db, userId);
  if (!profile?.cuit || !isValidCuit(profile.cuit)) throw new ActionError('E2');
  const name = profile.razon_social === fiscalEmptyText ? profile.cuit : profile.razon_social;
  return { cuit: profile.cuit, name };
}

export async function startAfipLink(deps: AppDeps, userId: number): Promise<AfipLink> {
  await startLink(deps, userId, await linkSubject(deps, userId));
  return findAfipLink(deps, userId);
}

const refusalCodes = {
  'no-link': 'E3',
  'not-a-certificate': 'E4',
  'other-key': 'E5',
  'other-cuit': 'E6',
  expired: 'E7',
} as const;

export async function saveAfipCertificate(
  deps: AppDeps,
  userId: number,
  certificate: string,
): Promise<AfipLink> {
  const saved = await saveAfipLinkCertificate(deps, userId, certificate);
  if (!saved.ok) throw new ActionError(refusalCodes[saved.reason]);
  return findAfipLink(deps, userId);
}

/** Never in production: there the gateway starts no imitation, and the env is checked as well. */
function imitationAllowed(deps: AppDeps) {
  return deps.config.env !== 'production' && deps.afip.imitation !== null;
}

export async function linkAfipImitation(deps: AppDeps, userId: number): Promise<AfipLink> {
  if (!imitationAllowed(deps)) throw new ActionError('E8');
  await linkAfipWithImitation(deps, userId, await linkSubject(deps, userId));
  return findAfipLink(deps, userId);
}
