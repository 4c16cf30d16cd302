// Who may call each operation of /openapi.json, checked on every one of them against the real
// fleet: another user's ids are 404 (never 403, never the object, never an effect); no credential
// or a wrong one is 401; a token without the operation's x-required-scope is 403
// insufficient_scope naming it; a personal access token on an app-only operation is 403
// pat_route_not_allowed; and the one scope it names is enough. ada acts; her last check deletes her
// account.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { call } from '../support/http.ts';
import { exampleRequest, type IdChooser } from '../support/abuse/examples.ts';
import { inCallOrder, label, type Operation } from '../support/abuse/openapi.ts';
import { type Answer, send, urlOf } from '../support/abuse/send.ts';
import { ACTOR_SETUP, type Actor, actor, createToken, idKindOf, signIn, world } from '../support/abuse/world.ts';

let ada: Actor;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const shown = (op: Operation, answer: Answer) => `${label(op)}: ${answer.status} ${answer.text.slice(0, 300)}`;
const ownedParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path' && idKindOf(p.name));

/** Chooses `owner`'s ids for the places named in `theirs`, and ada's elsewhere. */
const idsOf =
  (theirs: Set<string>, owner: Actor): IdChooser =>
  (name) => {
    const kind = idKindOf(name);
    if (!kind) return undefined;
    const who = theirs.has(name) || theirs.has('*') ? owner : ada;
    // Two places of one kind (job_id and before_job_id) get two different objects.
    return name === kind ? who.ids[kind].at(-1) : who.ids[kind][0];
  };

/** Every id bob owns, and his user id: none may appear in an answer to ada. */
const bobsSecrets = () => [world.bob.id, ...Object.values(world.bob.ids).flat(), world.bob.shareToken];

async function credentialOf(who: Actor, op: Operation): Promise<string> {
  const { session } = await signIn(world.fleet, who);
  return op.requiredScope === 'app_session'
    ? session
    : (await createToken(world.fleet, session, { preset: 'full' })).token;
}

/** Which places get bob's ids: all of them, then (with two or more in the path) each one alone. */
function variants(op: Operation): Set<string>[] {
  const owned = ownedParams(op).map((p) => p.name);
  if (owned.length < 2) return [new Set(['*'])];
  return [new Set(['*']), ...owned.map((name) => new Set([name]))];
}

export function accessTests(): void {
  describe('who may call each operation', { concurrency: false }, () => {
    before(async () => {
      ada = await actor('ada');
    }, ACTOR_SETUP);
    describe("another user's objects", otherUsersObjects);
    describe('the credential of every operation', credentialOfEveryOperation);
  });
}

function otherUsersObjects(): void {
  it('are 404 in every operation that names one, never 403 and never shown', async () => {
    let checked = 0;
    for (const op of world.operations) {
      const probe = exampleRequest(world.doc, op, idsOf(new Set(['*']), world.bob));
      if (JSON.stringify(probe) === JSON.stringify(exampleRequest(world.doc, op, idsOf(new Set(), world.bob))))
        continue;
      const credential = await credentialOf(ada, op);
      for (const theirs of variants(op)) {
        const req = exampleRequest(world.doc, op, idsOf(theirs, world.bob));
        req.headers = bearer(credential);
        const answer = await send(world.fleet.gatewayUrl, op, req);
        // In the path, the object is what the operation is about: 404. Elsewhere it may be a filter (no
        // match) or a document's content (a stateless operation ignores it): 404 or a success without it.
        if (ownedParams(op).length > 0 || answer.status >= 300) {
          assert.equal(answer.status, 404, shown(op, answer));
          assert.equal(answer.body?.detail?.code, 'not_found', shown(op, answer));
        }
        const asked = `${urlOf(op, req)} ${JSON.stringify(req.body)}`;
        for (const secret of bobsSecrets().filter((s) => !asked.includes(s)))
          assert.ok(!answer.text.includes(secret), `${shown(op, answer)} shows ${secret}`);
        checked++;
      }
    }
    assert.ok(checked >= 20, `only ${checked} requests named bob's objects`);
  });

  it('are all still there for their owner afterwards', async () => {
    const { bob, fleet } = world;
    const read = (path: string, token = bob.token) => call(fleet.gatewayUrl, 'GET', path, { token });
    assert.equal((await read(`/api/v1/media/${bob.ids.media_id[0]}`)).status, 200);
    assert.equal((await read(`/api/v1/artifacts/${bob.ids.artifact_id[0]}`)).status, 200);
    assert.equal((await read(`/api/v1/jobs/${bob.ids.job_id[0]}`)).body.data.status, 'queued');
    const share = await read(`/api/v1/shares/${bob.ids.share_id[0]}`);
    assert.equal(share.body.data.status, 'active');
    assert.equal((await fetch(`${fleet.gatewayUrl}/s/${bob.shareToken}`)).status, 200, 'the link was not rotated');
    const tokens = (await read('/api/v1/auth/tokens?limit=200', bob.session)).body.data as { token_id: string }[];
    assert.ok(tokens.some((t) => t.token_id === bob.ids.token_id[0]));
    const devices = (await read('/api/v1/auth/devices', bob.session)).body.data.devices as { device_id: string }[];
    assert.ok(devices.some((d) => d.device_id === bob.ids.device_id[0]));
    assert.equal((await read('/api/v1/billing/balance')).status, 200, "bob's token still works");
  });
}

/** Ids nobody has: the access checks come before any lookup. */
const missing: IdChooser = (name) => (idKindOf(name) ? 'abuse_missing_id' : undefined);

async function sendAs(op: Operation, headers: Record<string, string>): Promise<Answer> {
  const req = exampleRequest(world.doc, op, missing);
  req.headers = headers;
  return send(world.fleet.gatewayUrl, op, req);
}

const CREDENTIAL_REFUSALS = ['invalid_api_key', 'insufficient_scope', 'pat_route_not_allowed'];

/** The credential got through (what follows may still refuse the request for its own reasons). */
function assertAccepted(op: Operation, answer: Answer): void {
  assert.ok(!CREDENTIAL_REFUSALS.includes(answer.body?.detail?.code), shown(op, answer));
}

function assertRefused(op: Operation, answer: Answer, status: number, code: string): void {
  assert.equal(answer.status, status, shown(op, answer));
  assert.equal(answer.body?.detail?.code, code, shown(op, answer));
}

function credentialOfEveryOperation(): void {
  it('is required where the document says so: none or a wrong one is 401', async () => {
    for (const op of world.operations) {
      const none = await sendAs(op, {});
      // A public operation has its own refusals (sign-in's wrong password is a 401 too).
      if (op.credential === 'none') continue;
      if (op.credential === 'required') assertRefused(op, none, 401, 'invalid_api_key');
      else assertAccepted(op, none);
      for (const wrong of [
        bearer('tsk_abuseNotAToken'),
        { 'x-api-key': 'garbage' },
        bearer(world.bob.token.slice(0, -2)),
      ])
        assertRefused(op, await sendAs(op, wrong), 401, 'invalid_api_key');
    }
  });

  it('must carry x-required-scope: 403 insufficient_scope naming it, and that scope alone is enough', async () => {
    const scoped = world.operations.filter((op) => op.requiredScope && op.requiredScope !== 'app_session');
    const scopes = [...new Set(scoped.map((op) => op.requiredScope!))];
    const { session } = await signIn(world.fleet, ada);
    const lacking = new Map<string, string>();
    const only = new Map<string, string>();
    for (const scope of scopes) {
      const others = scopes.filter((s) => s !== scope);
      lacking.set(scope, (await createToken(world.fleet, session, { scopes: others })).token);
      only.set(scope, (await createToken(world.fleet, session, { scopes: [scope] })).token);
    }
    for (const op of inCallOrder(scoped)) {
      const scope = op.requiredScope!;
      for (const headers of [bearer(lacking.get(scope)!), { 'x-api-key': lacking.get(scope)! }]) {
        const refused = await sendAs(op, headers);
        assertRefused(op, refused, 403, 'insufficient_scope');
        assert.equal(refused.body.detail.required_scope, scope, shown(op, refused));
        assert.ok(refused.body.detail.message.includes(scope), shown(op, refused));
      }
      const allowed = await sendAs(op, bearer(only.get(scope)!));
      assertAccepted(op, allowed);
    }
  });

  it('is an app session where x-required-scope says app_session: a token is 403 pat_route_not_allowed', async () => {
    const appOnly = inCallOrder(world.operations.filter((op) => op.requiredScope === 'app_session'));
    assert.ok(appOnly.length > 0);
    for (const op of appOnly) {
      for (const headers of [bearer(ada.token), { 'x-api-key': ada.token }])
        assertRefused(op, await sendAs(op, headers), 403, 'pat_route_not_allowed');
      // A fresh session each time: signing out or deleting the account is among these operations.
      const { session } = await signIn(world.fleet, ada);
      const allowed = await sendAs(op, bearer(session));
      assertAccepted(op, allowed);
    }
  });
}
