// Credits: granted with tsctl (the balance it prints, its refusals), then read through the billing
// routes (balance in credits and dollars, grants, ledger, principal balances, the profile), which
// need billing:read and show each user only their own money.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/http.ts';
import { world } from './world.ts';

let token: string;

export function billingTests(): void {
  describe('credits', { concurrency: false }, () => {
    before(async () => {
      assert.equal((await world.fleet.tsctl('users', 'create', '--email', 'payer@example.com')).code, 0);
      token = (
        await world.fleet.tsctl('tokens', 'create', '--email', 'payer@example.com', '--preset', 'read-only')
      ).stdout.trim();
    });
    describe('tsctl credits grant', creditsGrant);
    describe('billing routes', billingRoutes);
  });
}

function creditsGrant(): void {
  it('grants credits and prints the new balance', async () => {
    const first = await world.fleet.tsctl('credits', 'grant', '--email', 'payer@example.com', '--credits', '12.5');
    assert.equal(first.code, 0, first.stderr);
    const { principal_id, ...amounts } = JSON.parse(first.stdout);
    assert.match(principal_id, /^usr_/);
    assert.deepEqual(amounts, { available_credits: 12.5, reserved_credits: 0, total_credits: 12.5, total_usd: 15 });
    const second = await world.fleet.tsctl(
      'credits',
      'grant',
      '--email',
      'payer@example.com',
      '--credits',
      '0.25',
      '--expires-days',
      '30',
    );
    assert.equal(JSON.parse(second.stdout).available_credits, 12.75);
  });

  it('refuses bad amounts and unknown users', async () => {
    for (const credits of ['-1', 'ten', '0', '1.0000001']) {
      const res = await world.fleet.tsctl('credits', 'grant', '--email', 'payer@example.com', '--credits', credits);
      assert.equal(res.code, 2, `${credits}: ${res.stderr}`);
    }
    const unknown = await world.fleet.tsctl('credits', 'grant', '--email', 'ghost@example.com', '--credits', '1');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /not_found/);
  });
}

function billingRoutes(): void {
  it('show the balance in credits and dollars, the grants and the ledger', async () => {
    await world.fleet.tsctl('credits', 'grant', '--email', 'payer@example.com', '--credits', '5');
    const balance = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token });
    assert.equal(balance.status, 200, balance.text);
    const b = balance.body.data;
    assert.equal(b.total_credits, b.available_credits + b.reserved_credits);
    assert.equal(b.total_usd, Math.round(b.total_credits * 120) / 100);

    const grants = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/grants', { token });
    assert.equal(grants.status, 200);
    assert.ok(grants.body.data.length >= 1);
    assert.ok(grants.body.data.every((g: { expired: boolean }) => !g.expired));
    const withExpired = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/grants?include_expired=true', {
      token,
    });
    assert.ok(withExpired.body.data.length >= grants.body.data.length);

    const ledger = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger?limit=2', { token });
    assert.equal(ledger.status, 200);
    assert.equal(ledger.body.data.length, 2);
    assert.equal(ledger.body.data[0].kind, 'grant');
    assert.equal(ledger.body.data[0].available_delta_credits, 5, 'newest first');
    assert.equal(ledger.body.data[0].available_after_credits, b.available_credits);
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger?limit=201', { token })).status,
      422,
    );
  });

  it('list the visible principal balances and the billing profile', async () => {
    const balances = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/principal-balances', { token });
    assert.equal(balances.status, 200);
    assert.equal(balances.body.data[0].principal_type, 'user');
    const profile = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/profile', { token });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.data.currency, 'USD');
    assert.equal(profile.body.data.credit_price, 1.2);
    assert.ok(profile.body.data.limits.storage_quota_bytes > 0);
  });

  it('need billing:read, and show each user only their own money', async () => {
    const filesOnly = (
      await world.fleet.tsctl('tokens', 'create', '--email', 'payer@example.com', '--scopes', 'files:read')
    ).stdout.trim();
    const refused = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token: filesOnly });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.detail.required_scope, 'billing:read');
    assert.equal((await world.fleet.tsctl('users', 'create', '--email', 'other@example.com')).code, 0);
    const other = (
      await world.fleet.tsctl('tokens', 'create', '--email', 'other@example.com', '--preset', 'read-only')
    ).stdout.trim();
    const theirs = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token: other });
    assert.equal(theirs.body.data.total_credits, 0);
    assert.deepEqual(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger', { token: other })).body.data,
      [],
    );
  });
}
