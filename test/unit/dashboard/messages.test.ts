// The message protocol: what the extension accepts from the webview, and the state the serializer restores.
import * as assert from 'assert';
import { chartText, shortLabel } from '../../../src/core/dashboard/chartText';
import { isWebLink, pageResponse, pageSummary, parseBr18Payload, parsePayload, parseViewState, parseWebviewMessage, targetKey, type DashboardPayload } from '../../../src/core/dashboard/messages';
import { br18Payload } from '../../../src/core/dashboard/verdicts';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import type { DashboardResponse } from '../../../src/client/types';
import { readFixture } from '../../fixtures/paths';

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

  describe('the BR18 answer sent with the data', () => {
    const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
    const query = { stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] as DashboardPayload['projectPhases'] };
    const school = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 2450, limit: 12, extraAllowances: [0.4] };
    const answer = br18Payload(BR18_RULES, ASSUMED_CODES, school, response, query, []);
    const payload = (br18: unknown): DashboardPayload =>
      ({ target: { kind: 'project', projectId: 'p' }, query, responseJson: JSON.stringify(response), mappings: [], projectPhases: query.stages, br18, unit: 'kg CO2e/m²/yr', locale: 'en' }) as DashboardPayload;

    it('has a view per dashboard (every branch and the Total) and the allowances, and survives the JSON channel', () => {
      assert.deepStrictEqual(Object.keys(answer.perBranch), Object.keys(response.dashboardsPerBranchPlusTotal));
      assert.strictEqual(answer.allowance, 0.4);
      const sent = JSON.parse(JSON.stringify(answer)) as unknown;
      assert.deepStrictEqual(parseBr18Payload(sent), sent);
      assert.deepStrictEqual(parsePayload(payload(sent)).br18, sent);
    });

    it('keeps a view without a verdict (the reason and no figures)', () => {
      const small = br18Payload(BR18_RULES, ASSUMED_CODES, { ...school, heatedArea: 640, limit: undefined, extraAllowances: [] }, response, query, []);
      const parsed = parseBr18Payload(JSON.parse(JSON.stringify(small)));
      assert.strictEqual(parsed?.perBranch.Total.verdict.kind, 'none');
      assert.strictEqual(parsed?.allowance, undefined);
    });

    it('sends the page none of the service\'s limit figures: no Remaining, no summary limit, used or passes', () => {
      const sent = pageResponse(response);
      assert.ok(!JSON.stringify(sent).includes('Remaining'));
      assert.deepStrictEqual(sent.dashboardsPerBranchPlusTotal.Total.emissionBudget, { Used: '9.9' });
      assert.strictEqual(response.dashboardsPerBranchPlusTotal.Total.emissionBudget?.Remaining, '2.5', 'the response itself is kept as received');
      const summary = { projectName: 'Skolen', referenceArea: '2450', considerationPeriod: 50, limit: '12.0', extraAllowance: '0.4', limitTotal: '12.4', used: '9.9', remaining: '2.5', passes: true, moduleD: '-1.6', elements: 48, mappedElements: 42 };
      assert.deepStrictEqual(pageSummary(summary), { projectName: 'Skolen', referenceArea: '2450', considerationPeriod: 50, moduleD: '-1.6', elements: 48, mappedElements: 42 });
    });

    it('drops a malformed answer whole: the page then shows no verdict rather than half of one', () => {
      const total = answer.perBranch.Total;
      assert.ok(total.verdict.kind === 'verdict');
      const building = total.verdict.building;
      for (const bad of [
        'yes',
        { perBranch: [] },
        { perBranch: { Total: { verdict: { kind: 'maybe' } } } },
        { perBranch: { Total: { ...total, verdict: { ...total.verdict, building: { ...building, limit: '12.4' } } } } },
        { perBranch: { Total: { ...total, verdict: { ...total.verdict, building: { ...building, passes: 'true' } } } } },
        { perBranch: { Total: { ...total, verdict: { ...total.verdict, ruleSet: { id: 'br18-2023', label: 'BR18 2023' } } } } },
        { perBranch: { Total: { verdict: { kind: 'none', reason: 'LCA only' } } } },
        { perBranch: { Total: { ...total, building: 'Building limit 9.9 of 12.4' } } },
        { perBranch: { Total: total, Arkitektur: { verdict: { kind: 'verdict', building } } } },
      ]) {
        assert.strictEqual(parseBr18Payload(bad), undefined, JSON.stringify(bad));
        assert.strictEqual(parsePayload(payload(bad)).br18, undefined);
      }
      assert.strictEqual(parseBr18Payload({ ...answer, allowance: 'much' })?.allowance, undefined, 'a bad allowance alone is left out');
    });
  });
});
