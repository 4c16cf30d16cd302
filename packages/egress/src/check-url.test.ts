import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { classifyAddress, checkUrl, type EgressPolicy, egressPolicy, type Resolver } from './index.ts';

const STRICT: EgressPolicy = { allowPrivateTargets: false };
const LOCAL: EgressPolicy = { allowPrivateTargets: true };

/** A resolver answering from a table, counting its questions; no real DNS. */
function fakeResolver(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

const NO_DNS = fakeResolver({});

async function refusedWith(url: string, reason: string, message: RegExp, resolver: Resolver = NO_DNS) {
  await assert.rejects(checkUrl(url, STRICT, resolver, { field: 'webhook_url' }), (err: unknown) => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, 'url_not_allowed');
    assert.deepEqual(err.details, { reason });
    assert.match(err.message, message);
    return true;
  });
}

describe('checkUrl: IP-literal hosts, checked without DNS', () => {
  const refused: [string, RegExp][] = [
    ['http://127.0.0.1/hook', /webhook_url names 127\.0\.0\.1, a loopback address/],
    ['http://10.0.0.1/', /10\.0\.0\.1, a private address/],
    ['http://172.16.0.1/', /172\.16\.0\.1, a private address/],
    ['http://192.168.1.1/', /192\.168\.1\.1, a private address/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, a link-local address/],
    ['http://[::1]/', /::1, a loopback address/],
    ['http://[fc00::1]/', /fc00::1, a unique-local \(private\) address/],
    ['http://[fe80::1]/', /fe80::1, a link-local address/],
    ['http://[::ffff:127.0.0.1]/', /::ffff:7f00:1, a loopback address/],
    ['http://[::ffff:10.1.2.3]/', /a private address/],
    ['http://[64:ff9b::10.0.0.1]/', /a private address/],
    ['http://[2002:c0a8:101::1]/', /a private address/],
    ['http://0.0.0.0/', /0\.0\.0\.0, an unspecified address/],
    ['http://[::]/', /::, an unspecified address/],
    ['http://100.64.0.1/', /100\.64\.0\.1, a carrier-grade NAT address/],
    ['http://255.255.255.255/', /a broadcast address/],
    ['http://224.0.0.1/', /a multicast address/],
    ['http://192.0.2.1/', /a reserved address/],
    ['http://[2001:db8::1]/', /a reserved address/],
    // WHATWG URL reads these as 127.0.0.1.
    ['http://2130706433/', /names 127\.0\.0\.1, a loopback address/],
    ['http://0x7f.1/', /names 127\.0\.0\.1, a loopback address/],
    ['http://017700000001/', /names 127\.0\.0\.1, a loopback address/],
    ['http://127.1/', /names 127\.0\.0\.1, a loopback address/],
  ];
  for (const [url, message] of refused) {
    it(`refuses ${url}`, async () => {
      await refusedWith(url, 'not_public', message);
    });
  }

  it('admits a public address, without asking a resolver', async () => {
    const url = await checkUrl('https://93.184.216.34:8443/hook?x=1', STRICT, NO_DNS);
    assert.equal(url.href, 'https://93.184.216.34:8443/hook?x=1');
    assert.ok(await checkUrl('http://[2606:4700::1111]/', STRICT, NO_DNS));
    assert.deepEqual(NO_DNS.asked, []);
  });
});

describe('checkUrl: names', () => {
  it('refuses a name that resolves to a private address', async () => {
    const dns = fakeResolver({ 'hooks.example.com': ['10.0.0.1'] });
    await refusedWith(
      'https://hooks.example.com/x',
      'not_public',
      /webhook_url resolves to 10\.0\.0\.1, a private address/,
      dns,
    );
    assert.deepEqual(dns.asked, ['hooks.example.com']);
  });

  it('refuses a name with one private address among public ones', async () => {
    const dns = fakeResolver({ 'mixed.example.com': ['93.184.216.34', '2606:4700::1', 'fd00::5'] });
    await refusedWith('https://mixed.example.com/', 'not_public', /resolves to fd00::5/, dns);
  });

  it('refuses localhost and the metadata address behind a name', async () => {
    const dns = fakeResolver({ localhost: ['127.0.0.1', '::1'], 'metadata.internal': ['169.254.169.254'] });
    await refusedWith('http://localhost:8080/', 'not_public', /127\.0\.0\.1, a loopback address/, dns);
    await refusedWith('http://metadata.internal/', 'not_public', /169\.254\.169\.254, a link-local address/, dns);
  });

  it('admits a name that resolves only to public addresses', async () => {
    const dns = fakeResolver({ 'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    const url = await checkUrl('https://example.com/hook', STRICT, dns);
    assert.equal(url.hostname, 'example.com');
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    await refusedWith(
      'https://nowhere.invalid/',
      'unresolvable',
      /webhook_url: the host nowhere\.invalid does not resolve/,
    );
    await refusedWith(
      'https://empty.example/',
      'unresolvable',
      /does not resolve/,
      fakeResolver({ 'empty.example': [] }),
    );
  });
});

describe('checkUrl: schemes, userinfo, garbage', () => {
  for (const url of [
    'ftp://example.com/a',
    'file:///etc/passwd',
    'gopher://example.com/',
    'data:text/plain,hi',
    'javascript:alert(1)',
  ]) {
    it(`refuses ${url.split(':')[0]}:`, async () => {
      await refusedWith(url, 'scheme', /webhook_url must be an http or https URL/);
    });
  }

  it('refuses a user name or a password in the URL', async () => {
    await refusedWith('https://user:pass@93.184.216.34/', 'userinfo', /must not carry a user name or password/);
    await refusedWith('https://user@93.184.216.34/', 'userinfo', /user name or password/);
  });

  it('refuses what is not a URL', async () => {
    await refusedWith('not a url', 'invalid_url', /webhook_url is not a valid URL/);
    await refusedWith('http://', 'invalid_url', /not a valid URL/);
  });

  it('names the URL `url` when no field is given', async () => {
    await assert.rejects(checkUrl('http://10.0.0.1/', STRICT, NO_DNS), /^AppError: url names 10\.0\.0\.1/);
  });
});

describe('allowPrivateTargets', () => {
  it('comes from EGRESS_ALLOW_PRIVATE_TARGETS', () => {
    assert.deepEqual(egressPolicy({ EGRESS_ALLOW_PRIVATE_TARGETS: true }), { allowPrivateTargets: true });
    assert.deepEqual(egressPolicy({ EGRESS_ALLOW_PRIVATE_TARGETS: false }), { allowPrivateTargets: false });
  });

  it('admits loopback and private targets, still only http(s) without userinfo', async () => {
    assert.ok(await checkUrl('http://127.0.0.1:9000/hook', LOCAL, NO_DNS));
    assert.ok(await checkUrl('http://[::1]:9000/hook', LOCAL, NO_DNS));
    assert.ok(await checkUrl('http://receiver.local/hook', LOCAL, fakeResolver({ 'receiver.local': ['10.0.0.7'] })));
    await assert.rejects(checkUrl('file:///etc/passwd', LOCAL, NO_DNS), { code: 'url_not_allowed' });
    await assert.rejects(checkUrl('http://a:b@127.0.0.1/', LOCAL, NO_DNS), { code: 'url_not_allowed' });
  });
});

describe('classifyAddress', () => {
  it('reads IPv6 forms that embed an IPv4 address as that address', () => {
    assert.equal(classifyAddress('::ffff:93.184.216.34').public, true);
    assert.equal(classifyAddress('64:ff9b::93.184.216.34').public, true);
    assert.equal(classifyAddress('64:ff9b:1::1').public, false, 'local-use NAT64');
    assert.equal(classifyAddress('2002:5db8:d822::1').public, true, '6to4 of a public address');
    assert.equal(classifyAddress('2002:7f00:1::1').range, 'loopback', '6to4 of loopback');
    // Teredo, RFC 4380's example: the client 192.0.2.45 (documentation) behind it.
    assert.equal(classifyAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2').public, false);
    assert.equal(classifyAddress('::7f00:1').public, false, 'IPv4-compatible');
  });

  it('calls public only global unicast', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001:80b::200e']) {
      assert.equal(classifyAddress(address).public, true, address);
    }
    for (const address of ['4000::1', 'fec0::1', '100::1', 'ff02::1', '198.18.0.1', '240.0.0.1', 'fe80::1%eth0', 'x']) {
      assert.equal(classifyAddress(address).public, false, address);
    }
  });
});
