import type { AppDeps } from '../../deps.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { generateKeyAndCsr, readCertificate } from '../../providers/afip/afip-cms.ts';
import type { AfipCredentials, AfipInvoicing } from '../../providers/afip/afip-port.ts';
import { findAfipCredentials, saveAfipCertificate, saveAfipLinkStart } from './afip.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'afip' | 'now'>;

/**
 * Linking a professional's AFIP certificate (issue 15, link-afip / connect-afip): the app makes
 * the key pair and the CSR, the professional uploads the CSR to AFIP's certificate administrator
 * and brings back the certificate. Key and certificate are sealed at rest with
 * KEY_ENCRYPTION_KEY (lib/secret-box.ts) and never leave the server again.
 */

/** Step 1: a new key and its CSR. Replaces any previous link (its certificate needs the old key). */
export async function startAfipLink(
  deps: Deps,
  userId: number,
  input: { cuit: string; name: string },
): Promise<{ csrPem: string }> {
  const { privateKeyPem, csrPem } = generateKeyAndCsr({
    cuit: input.cuit,
    organization: input.name,
    // AFIP shows it as the certificate's alias ('nombre simbólico del DN').
    commonName: `agendo${input.cuit}`,
  });
  await saveAfipLinkStart(deps.db, {
    userId,
    environment: deps.afip.environment,
    cuit: input.cuit,
    privateKeySealed: sealSecret(deps.config.keyRing, privateKeyPem),
    csrPem,
    now: deps.now().toISOString(),
  });
  return { csrPem };
}

export type CertificateRefusal = 'no-link' | 'not-a-certificate' | 'other-key' | 'other-cuit' | 'expired';

/** Step 2: the certificate AFIP returned, checked against the stored key and CUIT before it is kept. */
export async function saveAfipLinkCertificate(
  deps: Deps,
  userId: number,
  certificatePem: string,
): Promise<{ ok: true; cuit: string; expiresAt: string } | { ok: false; reason: CertificateRefusal }> {
  const row = await findAfipCredentials(deps.db, userId);
  if (!row || row.environment !== deps.afip.environment) return { ok: false, reason: 'no-link' };
  let facts: ReturnType<typeof readCertificate>;
  try {
    facts = readCertificate(certificatePem.trim(), openSecret(deps.config.keyRing, row.private_key_sealed));
  } catch {
    return { ok: false, reason: 'not-a-certificate' };
  }
  if (!facts.matchesKey) return { ok: false, reason: 'other-key' };
  if (facts.cuit !== row.cuit) return { ok: false, reason: 'other-cuit' };
  if (facts.notAfter <= deps.now()) return { ok: false, reason: 'expired' };
  const expiresAt = facts.notAfter.toISOString();
  await saveAfipCertificate(deps.db, userId, {
    sealed: sealSecret(deps.config.keyRing, certificatePem.trim()),
    expiresAt,
    now: deps.now().toISOString(),
  });
  return { ok: true, cuit: row.cuit, expiresAt };
}

/** What the settings screen may show: never the key nor the certificate. */
export async function afipLinkState(deps: Deps, userId: number) {
  const row = await findAfipCredentials(deps.db, userId);
  if (!row || row.environment !== deps.afip.environment) return { state: 'none' as const };
  if (!row.certificate_sealed) return { state: 'csr' as const, cuit: row.cuit, csrPem: row.csr_pem };
  return { state: 'linked' as const, cuit: row.cuit, certificateExpiresAt: row.certificate_expires_at };
}

/** The professional's opened credentials, or null when they have not linked AFIP (here). */
export async function loadAfipCredentials(deps: Deps, userId: number): Promise<AfipCredentials | null> {
  const row = await findAfipCredentials(deps.db, userId);
  if (!row?.certificate_sealed || row.environment !== deps.afip.environment) return null;
  return {
    cuit: row.cuit,
    certificatePem: openSecret(deps.config.keyRing, row.certificate_sealed),
    privateKeyPem: openSecret(deps.config.keyRing, row.private_key_sealed),
  };
}

/** The invoicing port for this professional, or null when AFIP is not linked (the not-configured notice). */
export async function afipForProfessional(deps: Deps, userId: number): Promise<AfipInvoicing | null> {
  const credentials = await loadAfipCredentials(deps, userId);
  return credentials ? deps.afip.forTaxpayer(credentials) : null;
}

/** connectedOk: a WSAA login with the stored certificate works now. */
export async function afipConnectedOk(deps: Deps, userId: number): Promise<boolean> {
  const afip = await afipForProfessional(deps, userId);
  if (!afip) return false;
  try {
    await afip.login('wsfe');
    return true;
  } catch {
    return false;
  }
}

/**
 * Both steps at once against the imitation, whose CA plays AFIP's certificate administrator
 * (demo seed, tests). Refused against the real AFIP, where only the professional can upload.
 */
export async function linkAfipWithImitation(
  deps: Deps,
  userId: number,
  input: { cuit: string; name: string },
) {
  const imitation = deps.afip.imitation;
  if (!imitation) throw new Error('linkAfipWithImitation: only with the AFIP imitation');
  const { csrPem } = await startAfipLink(deps, userId, input);
  const saved = await saveAfipLinkCertificate(deps, userId, imitation.issueCertificate(csrPem));
  if (!saved.ok) throw new Error(`linkAfipWithImitation: ${saved.reason}`);
  return saved;
}
