// The message protocol: what the extension accepts from the webview, and the state the serializer restores.
import * as assert from 'assert';
import { chartText, shortLabel } from '../../../src/core/dashboard/chartText';
import { isWebLink, parseViewState, parseWebviewMessage, targetKey } from '../../../src/core/dashboard/messages';

describe('dashboard message protocol', () => {
  it('accepts well-formed webview messages', () => {
    assert.deepStrictEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepStrictEqual(parseWebviewMessage({ type: 'query', query: { stages: ['D', 'A1A3', 'A1A3'], indicatorTypeMappingId: 'm1' } }), {
      type: 'query',
      query: { stages: ['A1A3', 'D'], indicatorTypeMappingId: 'm1' },
    });
    assert.deepStrictEqual(parseWebviewMessage({ type: 'export', kind: 'png', chart: 'phases' }), { type: 'export', kind: 'png', chart: 'phases' });
    assert.deepStrictEqual(parseWebviewMessage({ type: 'query', query: { stages: [] } }), { type: 'query', query: { stages: [] } });
  });

  it('drops malformed or unknown messages', () => {
    for (const bad of [
      null,
      'ready',
      { type: 'nope' },
      { type: 'query', query: { stages: ['A1-A3'] } },
      { type: 'query', query: { stages: 'A1A3' } },
      { type: 'openLink', url: 42 },
      { type: 'export', kind: 'exe' },
      { type: 'inspectConstruction', constructionId: '' },
      { type: 'chartImage' },
    ]) {
      assert.strictEqual(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('opens only http(s) links', () => {
    assert.strictEqual(isWebLink('https://www.epddanmark.dk/x.pdf'), true);
    assert.strictEqual(isWebLink('http://example.org'), true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'command:workbench.action.quit', 'vscode://x', 'not a url', '']) {
      assert.strictEqual(isWebLink(bad), false, bad);
    }
  });

  it('restores a saved view state and rejects one without a target', () => {
    const state = { target: { kind: 'construction', projectId: 'p', constructionId: 'c', constructionName: 'Wall' }, query: { stages: ['B6'] }, branch: 'Arkitektur', expanded: ['0', 3], filterText: 'x' };
    assert.deepStrictEqual(parseViewState(state), {
      target: { kind: 'construction', projectId: 'p', constructionId: 'c', constructionName: 'Wall', projectName: undefined },
      query: { stages: ['B6'] },
      branch: 'Arkitektur',
      expanded: ['0'],
      filterText: 'x',
    });
    assert.strictEqual(parseViewState({ query: { stages: [] } }), undefined);
    assert.strictEqual(parseViewState({ target: { kind: 'construction', projectId: 'p' } }), undefined);
    assert.strictEqual(parseViewState(undefined), undefined);
  });

  it('keys panels by project or by construction within a project', () => {
    assert.strictEqual(targetKey({ kind: 'project', projectId: 'p', projectName: 'A' }), targetKey({ kind: 'project', projectId: 'p' }));
    assert.notStrictEqual(targetKey({ kind: 'project', projectId: 'p' }), targetKey({ kind: 'construction', projectId: 'p', constructionId: 'c' }));
  });

  it('keeps rich-text markup in service strings literal in chart tooltips', () => {
    assert.strictEqual(chartText('{a|b}'), '{\u200ba|b}');
    assert.strictEqual(chartText('no braces'), 'no braces');
    assert.strictEqual(shortLabel('abcdef', 4), 'abc…');
    assert.strictEqual(shortLabel('abc', 4), 'abc');
  });
});
