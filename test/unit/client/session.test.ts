// When a token is renewed (src/client/session.ts), for the editor and the MCP server alike: the stored one while it has
// more than a minute left, else one renewal shared by every caller waiting for it.
import * as assert from 'assert';
import { RENEW_MARGIN_MS, TokenRenewal } from '../../../src/client/session';

describe('TokenRenewal', () => {
  it('hands out the stored token while it is fresh, and renews it within the margin', async () => {
    let stored = { accessToken: 'a', expiresAt: Date.now() + RENEW_MARGIN_MS + 10_000 };
    let renewals = 0;
    const tokens = new TokenRenewal({
      stored: async () => stored,
      renew: async () => {
        renewals++;
        stored = { accessToken: `renewed-${renewals}`, expiresAt: Date.now() + 3_600_000 };
        return stored.accessToken;
      },
    });
    assert.strictEqual(await tokens.getToken(), 'a');
    assert.strictEqual(renewals, 0);
    stored = { accessToken: 'b', expiresAt: Date.now() + RENEW_MARGIN_MS - 1_000 };
    assert.strictEqual(await tokens.getToken(), 'renewed-1');
    assert.strictEqual(await tokens.getToken(), 'renewed-1');
    assert.strictEqual(renewals, 1);
  });

  it('runs one renewal for callers that ask at once (after a 401, or with no token stored)', async () => {
    let renewals = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tokens = new TokenRenewal({
      stored: async () => undefined,
      renew: async () => {
        renewals++;
        await gate;
        return 'new';
      },
    });
    const asked = [tokens.getToken(), tokens.renewToken(), tokens.getToken()];
    release();
    assert.deepStrictEqual(await Promise.all(asked), ['new', 'new', 'new']);
    assert.strictEqual(renewals, 1);
    await tokens.renewToken();
    assert.strictEqual(renewals, 2, 'a later renewal runs again');
  });
});
