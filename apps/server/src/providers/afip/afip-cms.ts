import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * The cryptography of AFIP's WSAA (ADR 014): a professional's key pair and the CSR they upload
 * to AFIP's certificate administrator, and the CMS (PKCS#7 SignedData) signature of the login
 * ticket request. Node generates the RSA keys (forge's pure JS keygen is slow); forge builds the
 * CSR and the CMS, which Node's crypto cannot.
 */

/** AFIP asks for RSA 2048 and the CUIT in the subject's serialNumber as 'CUIT nnnnnnnnnnn'. */
export function generateKeyAndCsr(input: { cuit: string; organization: string; commonName: string }): {
  privateKeyPem: string;
  csrPem: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(publicKey);
  csr.setSubject([
    { shortName: 'C', value: 'AR' },
    { shortName: 'O', value: asciiOnly(input.organization) },
    { shortName: 'CN', value: asciiOnly(input.commonName) },
    { name: 'serialNumber', value: `CUIT ${input.cuit}` },
  ]);
  csr.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, csrPem: forge.pki.certificationRequestToPem(csr) };
}

/** AFIP's administrator refuses accented subjects; the alias is only a label. */
function asciiOnly(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, '')
    .trim()
    .slice(0, 60);
  return plain || 'agendo';
}

/** The CUIT a certificate (or CSR) names in its subject's serialNumber, or null. */
export function cuitOfSubject(subject: forge.pki.Certificate['subject']): string | null {
  const field = subject.getField({ name: 'serialNumber' }) as { value?: string } | null;
  const match = /^CUIT (\d{11})$/.exec(String(field?.value ?? ''));
  return match?.[1] ?? null;
}

export interface CertificateFacts {
  cuit: string | null;
  notAfter: Date;
  /** The certificate's public key matches this private key. */
  matchesKey: boolean;
}

/** What the app checks of an uploaded certificate before storing it. Throws on a non-PEM text. */
export function readCertificate(certificatePem: string, privateKeyPem: string): CertificateFacts {
  const cert = forge.pki.certificateFromPem(certificatePem);
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return {
    cuit: cuitOfSubject(cert.subject),
    notAfter: cert.validity.notAfter,
    matchesKey: pub.n.equals(key.n) && pub.e.equals(key.e),
  };
}

/** CMS SignedData of `content` with the content attached and the signer's certificate included (WSAA loginCms). */
export function signCms(
  content: string,
  certificatePem: string,
  privateKeyPem: string,
  signingTime: Date,
): string {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content, 'utf8');
  const certificate = forge.pki.certificateFromPem(certificatePem);
  p7.addCertificate(certificate);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(privateKeyPem),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
      { type: forge.pki.oids.messageDigest as string },
      // forge's types say string; it takes a Date for signingTime.
      { type: forge.pki.oids.signingTime as string, value: signingTime as unknown as string },
    ],
  });
  p7.sign();
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}

export class CmsRejected extends Error {
  constructor(
    /** WSAA's fault names: cms.bad, cms.sign.invalid, cms.cert.untrusted, cms.cert.expired. */
    readonly fault: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a CMS as WSAA does, for the imitation: the signer's certificate chains to `caPem` and
 * is valid at `now`, the signed attributes carry the digest of the content, and their signature
 * verifies with the certificate's key. forge builds CMS but does not verify it, so the check
 * walks the SignerInfo itself (RFC 5652 §5.4: the signed attributes are signed as a SET).
 */
export function verifyCms(
  cmsBase64: string,
  caPem: string,
  now: Date,
): { content: string; cuit: string | null } {
  let message: forge.pkcs7.PkcsSignedData;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.decode64(cmsBase64));
    message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData;
  } catch {
    throw new CmsRejected('cms.bad', 'El CMS no es valido');
  }
  const raw = (
    message as unknown as { rawCapture: { signerInfos?: forge.asn1.Asn1[]; content?: forge.asn1.Asn1 } }
  ).rawCapture;
  const signer = message.certificates[0];
  const signerInfo = raw.signerInfos?.[0];
  const content = contentBytes(raw.content);
  if (!signer || !signerInfo || content === null) throw new CmsRejected('cms.bad', 'El CMS no es valido');

  const ca = forge.pki.certificateFromPem(caPem);
  let chained = false;
  try {
    chained = ca.verify(signer);
  } catch {
    chained = false;
  }
  if (!chained) throw new CmsRejected('cms.cert.untrusted', 'Certificado no emitido por AC de confianza');
  if (now < signer.validity.notBefore || now > signer.validity.notAfter) {
    throw new CmsRejected('cms.cert.expired', 'Certificado expirado');
  }

  const parts = signerInfo.value as forge.asn1.Asn1[];
  const attributes = parts.find(
    (part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0,
  );
  const signature = parts.find((part) => part.type === forge.asn1.Type.OCTETSTRING && part !== parts[0]);
  if (!attributes || !signature) throw new CmsRejected('cms.bad', 'El CMS no tiene atributos firmados');

  const digest = messageDigestOf(attributes);
  const expected = createHash('sha256').update(Buffer.from(content, 'binary')).digest('binary');
  if (digest !== expected)
    throw new CmsRejected('cms.sign.invalid', 'Firma invalida o algoritmo no soportado');

  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributes.value as forge.asn1.Asn1[],
  );
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(asSet).getBytes());
  let valid = false;
  try {
    valid = (signer.publicKey as forge.pki.rsa.PublicKey).verify(
      md.digest().getBytes(),
      String(signature.value),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw new CmsRejected('cms.sign.invalid', 'Firma invalida o algoritmo no soportado');
  return { content: Buffer.from(content, 'binary').toString('utf8'), cuit: cuitOfSubject(signer.subject) };
}

/** The bytes of the encapsulated content ([0] EXPLICIT OCTET STRING, maybe constructed). */
function contentBytes(node: forge.asn1.Asn1 | undefined): string | null {
  if (!node) return null;
  if (typeof node.value === 'string') return node.value;
  return (node.value as forge.asn1.Asn1[]).map((child) => contentBytes(child) ?? '').join('');
}

function messageDigestOf(attributes: forge.asn1.Asn1): string | null {
  for (const attribute of attributes.value as forge.asn1.Asn1[]) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    if (oid && forge.asn1.derToOid(String(oid.value)) === forge.pki.oids.messageDigest) {
      const first = (values?.value as forge.asn1.Asn1[] | undefined)?.[0];
      return first ? String(first.value) : null;
    }
  }
  return null;
}

export interface TestAuthority {
  certificatePem: string;
  privateKeyPem: string;
}

/** A self-signed CA standing in for AFIP's ('AFIP Testing CA' of the imitation). */
export function createTestAuthority(now: Date): TestAuthority {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { shortName: 'C', value: 'AR' },
    { shortName: 'O', value: 'Imitacion de AFIP (Agendo)' },
    { shortName: 'CN', value: 'Imitacion AFIP Test CA' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: privateKey };
}

/**
 * What AFIP's certificate administrator does with an uploaded CSR: a certificate for its key
 * and subject, valid two years. Refuses a CSR whose signature fails or that names no CUIT.
 */
export function issueCertificate(authority: TestAuthority, csrPem: string, now: Date): string {
  const csr = forge.pki.certificationRequestFromPem(csrPem);
  if (!csr.verify()) throw new Error('La firma del CSR no es válida');
  if (!cuitOfSubject(csr.subject as unknown as forge.pki.Certificate['subject'])) {
    throw new Error("El CSR no indica 'CUIT nnnnnnnnnnn' en serialNumber");
  }
  const ca = forge.pki.certificateFromPem(authority.certificatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = csr.publicKey as forge.pki.PublicKey;
  cert.serialNumber = `02${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 2 * 365 * 24 * 3600_000);
  cert.setSubject(csr.subject.attributes);
  cert.setIssuer(ca.subject.attributes);
  cert.sign(forge.pki.privateKeyFromPem(authority.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
