// The permissions table (ADR 0041) as data: what each role's user JWT will carry. The server's
// enforcement of them is tried in tests/e2e/security/bus.ts with each role's real credentials.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUS_ROLES, busPermissions, inboxPrefixOf, jobWindowsTemplate } from './permissions.ts';

const allowed = (role: (typeof BUS_ROLES)[number], prefix = '') => busPermissions(role, { prefix }).pub?.allow ?? [];

describe('bus permissions', () => {
  it('let only accounts publish account events, and no service publish another service’s events', () => {
    const publishers = BUS_ROLES.filter((role) => allowed(role).some((s) => s.startsWith('events.account')));
    assert.deepEqual(publishers, ['accounts']);
    for (const role of BUS_ROLES)
      for (const subject of allowed(role).filter((s) => s.startsWith('events.')))
        assert.equal(subject.split('.')[1], { accounts: 'account', media: 'media', jobs: 'job' }[role as string], role);
  });

  it('let only the gateway and the provisioner reach the rate-limit counters', () => {
    const reach = BUS_ROLES.filter((role) => allowed(role).some((s) => s.includes('RATE_LIMITS') || s === '$JS.API.>'));
    assert.deepEqual(reach, ['gateway', 'provisioner']);
  });

  it('let no service make, change or delete a stream', () => {
    for (const role of BUS_ROLES.filter((r) => r !== 'provisioner'))
      assert.ok(
        !allowed(role).some((s) => /STREAM\.(CREATE|UPDATE|DELETE|PURGE)|^\$JS\.API\.>$|^>$/.test(s)),
        `${role}: ${allowed(role).join(' ')}`,
      );
  });

  it('pin each named durable to its stream and filter, and deny it to the roles that name consumers freely', () => {
    assert.ok(allowed('shares').includes('$JS.API.CONSUMER.CREATE.EVENTS.shares-media-deleted.events.media.deleted'));
    for (const role of ['gateway', 'worker'] as const) {
      const deny = busPermissions(role).pub?.deny ?? [];
      assert.ok(deny.includes('$JS.API.CONSUMER.MSG.NEXT.EVENTS.shares-account-deleted'), role);
      assert.ok(deny.includes('$JS.API.CONSUMER.MSG.NEXT.WORK.media-verify'), role);
    }
    assert.equal(busPermissions('shares').pub?.deny, undefined, 'a role that names its consumers needs no deny list');
  });

  it('name a test prefix in every subject and stream, and give each identity an inbox of its own', () => {
    const worker = busPermissions('worker', { prefix: 'tab12cd34' });
    assert.ok(worker.pub?.allow?.includes('tab12cd34.work.window.*'));
    assert.ok(!worker.pub?.allow?.some((s) => s.includes('WINDOWS')), "the pool's credentials reach no job's windows");
    assert.ok(worker.pub?.allow?.includes('$JS.API.CONSUMER.MSG.NEXT.TAB12CD34_WORK.*'));
    assert.deepEqual(worker.sub?.allow, [`${inboxPrefixOf('worker')}.>`]);
    assert.equal(inboxPrefixOf('webhook-dispatcher'), '_INBOX_webhook-dispatcher');
    assert.equal(inboxPrefixOf('bus test.1'), '_INBOX_bus_test_1');
  });

  it("hold a job's window credentials to that job's keys of WINDOWS, whatever their JWT says", () => {
    const template = jobWindowsTemplate();
    assert.ok(template.pub?.allow?.includes('$KV.WINDOWS.{{tag(job)}}.>'));
    assert.ok(template.pub?.allow?.includes('$JS.API.DIRECT.GET.KV_WINDOWS.$KV.WINDOWS.{{tag(job)}}.>'));
    assert.ok(!template.pub?.allow?.some((s) => s.includes('MSG.GET')), 'no read that names its key in the body');
    assert.ok(template.pub?.allow?.every((s) => s === '$JS.API.INFO' || s.includes('WINDOWS')));
    assert.deepEqual(template.sub?.allow, ['_INBOX_WINDOWS.{{tag(job)}}.>']);
  });
});
