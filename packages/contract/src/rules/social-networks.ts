/**
 * The professional's social networks (spec 000 §2.2 change-social-networks; issue 18: validated
 * URLs or handles per network). A handle ('@ana.psico') or a link on the network's own host is
 * accepted and stored as the canonical https link, so the public page links only to that
 * network and never to a look-alike host or a `javascript:` address.
 */
export const socialNetworks = [
  'instagram',
  'facebook',
  'linkedin',
  'x',
  'youtube',
  'tiktok',
  'website',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export const socialNetworkLabels: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'Sitio web',
};

export const socialLinkMaxLength = 200;

interface NetworkRule {
  hosts: readonly string[];
  /** A bare handle (without '@'), as the network allows it. */
  handle: RegExp;
  link: (handle: string) => string;
}

// Handle rules as each network documents them (Instagram 30 of letters, digits, '.' and '_';
// X 15 of letters, digits and '_'; TikTok 24; YouTube 3 to 30; Facebook 5 to 50; LinkedIn's
// public profile URL 3 to 100 letters, digits and '-').
const rules: Record<Exclude<SocialNetwork, 'website'>, NetworkRule> = {
  instagram: {
    hosts: ['instagram.com'],
    handle: /^[A-Za-z0-9._]{1,30}$/,
    link: (h) => `https://www.instagram.com/${h}`,
  },
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    handle: /^[A-Za-z0-9.]{5,50}$/,
    link: (h) => `https://www.facebook.com/${h}`,
  },
  linkedin: {
    hosts: ['linkedin.com'],
    handle: /^[A-Za-z0-9-]{3,100}$/,
    link: (h) => `https://www.linkedin.com/in/${h}`,
  },
  x: { hosts: ['x.com', 'twitter.com'], handle: /^[A-Za-z0-9_]{1,15}$/, link: (h) => `https://x.com/${h}` },
  youtube: {
    hosts: ['youtube.com'],
    handle: /^[A-Za-z0-9._-]{3,30}$/,
    link: (h) => `https://www.youtube.com/@${h}`,
  },
  tiktok: {
    hosts: ['tiktok.com'],
    handle: /^[A-Za-z0-9._]{2,24}$/,
    link: (h) => `https://www.tiktok.com/@${h}`,
  },
};

function parseLink(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

function onHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * The canonical link of what the user typed for a network, or null when it is neither a valid
 * handle nor a link on that network. '' is "none" and is handled by the caller.
 */
export function normaliseSocialLink(network: SocialNetwork, typed: string): string | null {
  const text = typed.trim();
  if (text === '' || text.length > socialLinkMaxLength || /\s/.test(text)) return null;
  if (network === 'website') {
    const url = parseLink(text);
    // A public site: a dotted host name, not a bare word or a local address.
    if (!url || !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname)) return null;
    url.protocol = 'https:';
    return url.toString();
  }
  const rule = rules[network];
  const handle = text.startsWith('@') ? text.slice(1) : text;
  if (!text.includes('/') && !text.includes(':') && rule.handle.test(handle) && !/^\.|\.$/.test(handle)) {
    return rule.link(handle);
  }
  const url = parseLink(text);
  if (!url || !onHost(url, rule.hosts)) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') return null;
  return `https://${url.hostname.toLowerCase().replace(/^(m|mobile)\./, 'www.')}${path}`;
}
