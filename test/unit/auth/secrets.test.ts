// The sign-in's SecretStorage layout (src/extension/auth/secrets.ts): one entry per environment, and the move of the
// legacy layout (a credential and a token key per environment plus a key index) into it. The store here is a Map
// with SecretStorage's three calls; the integration tests do the same through VS Code's own SecretStorage.
import * as assert from 'assert';
import {
  LEGACY_INDEX_KEY,
  legacyCredentialKey,
  legacyTokenKey,
  migrateLegacyLayout,
  parseSession,
  sessionKey,
  type SecretStore,
} from '../../../src/extension/auth/secrets';

class MapSecrets implements SecretStore {
  readonly map = new Map<string, string>();
  reads = 0;
  async get(key: string): Promise<string | undefined> {
    this.reads++;
    return this.map.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.map.delete(key);
  }
}

const USER = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;
const ACCOUNT = { kind: 'account', login: 'demo-client', secret: 'demo-secret' } as const;
const TOKEN = { accessToken: 'lcat_abc', expiresAt: 2_000_000_000_000 };

function legacy(secrets: MapSecrets, entries: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(entries)) secrets.map.set(key, JSON.stringify(value));
  secrets.map.set(LEGACY_INDEX_KEY, JSON.stringify(Object.keys(entries)));
}

describe('sign-in secrets: one entry per environment', () => {
  it('moves the legacy credential and token of each environment into one entry and deletes every legacy key', async () => {
    const secrets = new MapSecrets();
    legacy(secrets, {
      [legacyCredentialKey('Local')]: USER,
      [legacyTokenKey('Local')]: TOKEN,
      [legacyCredentialKey('Staging')]: ACCOUNT,
      // An environment no longer in the settings keeps its sign-in too (the index names it).
      [legacyCredentialKey('Old')]: USER,
      [legacyTokenKey('Old')]: TOKEN,
    });
    const migrated = await migrateLegacyLayout(secrets, ['Local', 'Staging']);
    assert.deepStrictEqual(migrated.sort(), ['Local', 'Old', 'Staging']);
    assert.deepStrictEqual([...secrets.map.keys()].sort(), [sessionKey('Local'), sessionKey('Old'), sessionKey('Staging')]);
    assert.deepStrictEqual(parseSession(secrets.map.get(sessionKey('Local'))!), { credential: USER, token: TOKEN });
    assert.deepStrictEqual(parseSession(secrets.map.get(sessionKey('Staging'))!), { credential: ACCOUNT });
  });

  it('keeps an entry already in the new layout, and drops damaged legacy entries', async () => {
    const secrets = new MapSecrets();
    legacy(secrets, { [legacyCredentialKey('Local')]: USER, [legacyCredentialKey('Staging')]: { kind: 'user' }, [legacyTokenKey('Staging')]: TOKEN });
    secrets.map.set(sessionKey('Local'), JSON.stringify({ credential: ACCOUNT }));
    assert.deepStrictEqual(await migrateLegacyLayout(secrets, ['Local', 'Staging']), []);
    assert.deepStrictEqual([...secrets.map.keys()], [sessionKey('Local')]);
    assert.deepStrictEqual(parseSession(secrets.map.get(sessionKey('Local'))!), { credential: ACCOUNT });
  });

  it('reads nothing more than the index when there is no legacy layout', async () => {
    const secrets = new MapSecrets();
    secrets.map.set(sessionKey('Local'), JSON.stringify({ credential: USER, token: TOKEN }));
    assert.deepStrictEqual(await migrateLegacyLayout(secrets, ['Local', 'Staging']), []);
    assert.strictEqual(secrets.reads, 1);
    assert.deepStrictEqual([...secrets.map.keys()], [sessionKey('Local')]);
  });

  it('reads a damaged entry as signed out and a damaged token as no token', () => {
    assert.strictEqual(parseSession('{'), undefined);
    assert.strictEqual(parseSession(JSON.stringify({ credential: { kind: 'user', login: '', secret: 'x' } })), undefined);
    assert.deepStrictEqual(parseSession(JSON.stringify({ credential: USER, token: { accessToken: 1 } })), { credential: USER });
  });
});
