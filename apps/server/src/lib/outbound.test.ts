import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutbound,
  innerAddressReason,
  OutboundRefused,
  OutboundTooLarge,
  OutboundUnresolved,
  type Resolver,
} from './outbound.ts';

/** Names the tests resolve without DNS: inside ones, a public one, and one with both. */
const names: Record<string, string[]> = {
  'inside.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.7'],
  'v6-inside.example': ['::1'],
  'public.example': ['93.184.216.34'],
};
const resolve: Resolver = async (hostname) => {
  const found = names[hostname.replace(/\.$/, '')];
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('outbound address policy', () => {
  it.each([
    ['decimal IPv4', 'http://2130706433/', /loopback/],
    ['octal IPv4', 'http://0177.0.0.1/', /loopback/],
    ['hexadecimal IPv4', 'http://0x7f.1/', /loopback/],
    ['localhost with the root dot', 'http://localhost./', /localhost/],
    ['a subdomain of localhost', 'http://api.localhost:8080/', /localhost/],
    ['IPv6 loopback', 'http://[::1]/', /loopback/],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/', /ipv4Mapped/],
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]/', /ipv4Compatible/],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/', /rfc6052/],
    ['6to4 of loopback', 'http://[2002:7f00:1::]/', /6to4/],
    ['IPv6 link-local', 'http://[fe80::1]/', /linkLocal/],
    ['IPv6 unique-local', 'http://[fc00::1]/', /uniqueLocal/],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data', /linkLocal/],
    ['10/8', 'http://10.20.30.40/', /private/],
    ['172.16/12, first', 'http://172.16.0.1/', /private/],
    ['172.16/12, last', 'https://172.31.255.254/', /private/],
    ['192.168/16', 'http://192.168.1.1:8080/', /private/],
    ['100.64/10 (carrier-grade NAT)', 'http://100.64.0.1/', /carrierGradeNat/],
    ['unspecified IPv4', 'http://0.0.0.0:3000/', /unspecified/],
    ['unspecified IPv6', 'http://[::]/', /unspecified/],
    ['multicast', 'http://224.0.0.1/', /multicast/],
    ['a name resolving to 127.0.0.1', 'https://inside.example/dav/', /127\.0\.0\.1 \(loopback\)/],
    ['a name resolving to the metadata service', 'http://metadata.example/', /linkLocal/],
    ['a name with one public and one private address', 'https://mixed.example/', /10\.0\.0\.7/],
    ['a name resolving to ::1', 'https://v6-inside.example/', /loopback/],
    ['another scheme', 'file:///etc/passwd', /scheme/],
    ['credentials in the URL', 'https://user:pw@public.example/', /credentials/],
  ])('refuses %s (%s)', async (_what, url, reason) => {
    const outbound = createOutbound({ env: 'development', resolve });
    const refusal = await outbound.check(url).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OutboundRefused);
    expect((refusal as OutboundRefused).reason).toMatch(reason);
  });

  it('tells a name that does not resolve from a refused one', async () => {
    await expect(
      createOutbound({ env: 'development', resolve }).check('https://nowhere.example/'),
    ).rejects.toBeInstanceOf(OutboundUnresolved);
  });

  it.each([
    ['a public name', 'https://public.example/v1/payments'],
    ['a public IPv4', 'http://93.184.216.34/'],
    ['a public IPv6', 'https://[2606:4700:4700::1111]/'],
    ['172.32/16, outside 172.16/12', 'http://172.32.0.1/'],
  ])('lets %s through', async (_what, url) => {
    await expect(createOutbound({ env: 'development', resolve }).check(url)).resolves.toBeUndefined();
  });

  it('names only public unicast addresses as fit', () => {
    expect(innerAddressReason('8.8.8.8')).toBeNull();
    expect(innerAddressReason('127.1.2.3')).toBe('loopback');
    expect(innerAddressReason('not-an-ip')).toBe('not an IP address');
  });
});

describe('outbound requests', () => {
  const hits: string[] = [];
  let inner: http.Server;
  let innerOrigin = '';
  let redirector: http.Server;
  let redirectorOrigin = '';

  const listen = async (server: http.Server) => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    // The address an attacker wants reached (an admin page, a database's HTTP port).
    inner = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/big') {
        res.writeHead(200);
        res.end(Buffer.alloc(64 * 1024, 'x'));
      } else if (req.url === '/big-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 8; i += 1) res.write(Buffer.alloc(16 * 1024, 'x'));
        res.end();
      } else if (req.url === '/slow') {
        // Never answers.
      } else res.end('secret');
    });
    innerOrigin = await listen(inner);
    // An allow-listed server (an imitation) that answers with a redirect inward.
    redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `${innerOrigin}/admin` }).end();
    });
    redirectorOrigin = await listen(redirector);
  });
  afterAll(async () => {
    inner.closeAllConnections();
    await new Promise((done) => inner.close(done));
    await new Promise((done) => redirector.close(done));
  });

  it('refuses an inner address unless its origin is allow-listed', async () => {
    const closed = createOutbound({ env: 'development', resolve });
    await expect(closed.request(`${innerOrigin}/admin`)).rejects.toBeInstanceOf(OutboundRefused);
    const open = createOutbound({ env: 'test', resolve, allow: [innerOrigin] });
    const answer = await open.request(`${innerOrigin}/hello`);
    expect(answer.text()).toBe('secret');
    expect(hits).toEqual(['/hello']);
    await Promise.all([closed.close(), open.close()]);
  });

  it('checks the address it connects to: a name resolving inside is refused at connection', async () => {
    const { port } = inner.address() as AddressInfo;
    // DNS rebinding: the first answer is public (what a check before the request would see),
    // every later one is 127.0.0.1.
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const outbound = createOutbound({ env: 'development', resolve: rebinding });
    await outbound.check(`http://rebind.example:${port}/`);
    const before = hits.length;
    const refusal = await outbound.request(`http://rebind.example:${port}/admin`).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(OutboundRefused);
    expect((refusal as OutboundRefused).reason).toMatch(/127\.0\.0\.1 \(loopback\)/);
    expect(hits.length).toBe(before);
    await outbound.close();
  });

  it('follows no redirect: a redirect inward comes back as it is, and the inner address is never called', async () => {
    const outbound = createOutbound({ env: 'test', resolve, allow: [redirectorOrigin] });
    const before = hits.length;
    const answer = await outbound.request(`${redirectorOrigin}/calendar`);
    expect(answer.status).toBe(302);
    expect(answer.ok).toBe(false);
    expect(answer.headers.get('location')).toBe(`${innerOrigin}/admin`);
    expect(hits.length).toBe(before);
    await outbound.close();
  });

  it('caps the answer size, declared or chunked, and bounds the time', async () => {
    const outbound = createOutbound({ env: 'test', resolve, allow: [innerOrigin], maxBytes: 32 * 1024 });
    await expect(outbound.request(`${innerOrigin}/big`)).rejects.toBeInstanceOf(OutboundTooLarge);
    await expect(outbound.request(`${innerOrigin}/big-chunked`)).rejects.toBeInstanceOf(OutboundTooLarge);
    const started = Date.now();
    await expect(outbound.request(`${innerOrigin}/slow`, { timeoutMs: 200 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    await outbound.close();
  });

  it('ignores the configured allow-list in production', async () => {
    const outbound = createOutbound({
      env: 'production',
      resolve,
      allow: [innerOrigin],
      imitations: () => [innerOrigin],
    });
    await expect(outbound.request(`${innerOrigin}/admin`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(outbound.allowed(`${innerOrigin}/admin`)).toBe(false);
    await outbound.close();
  });

  it("trusts an imitation's loopback origin in its own view only", async () => {
    const outbound = createOutbound({ env: 'production', resolve });
    const imitation = outbound.trusting([innerOrigin]);
    expect((await imitation.request(`${innerOrigin}/hello`)).text()).toBe('secret');
    await expect(outbound.check(`${innerOrigin}/hello`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(() => outbound.trusting(['http://10.0.0.1:8080'])).toThrow(/only an imitation on this machine/);
    await outbound.close();
  });
});
