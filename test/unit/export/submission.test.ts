// The submission details (lca-submission.json): read with each bad value named by file and path (and left empty),
// written without touching the other projects, and refused rather than overwritten when the file is broken.
import * as assert from 'assert';
import { readSubmissionFacts, withSubmissionFacts, submissionProblem, SubmissionFileError } from '../../../src/core/export/br18/submission';
import { ENGLISH } from '../../../src/core/l10n';

describe('submission details (lca-submission.json)', () => {
  it('reads a project\'s details, naming what cannot be used by path, leaving it empty', () => {
    const text = JSON.stringify({ projects: { p1: { bbrUseCode: '140', projectType: 'Ombygning', permitApplicationDate: '2026-02-30', occupancyApplicationDate: null, bbrOwnershipCode: 10 } } }, null, 2);
    const r = readSubmissionFacts(text, 'p1');
    assert.deepStrictEqual(r.facts, { bbrUseCode: '140' });
    // Each at its line: the file as written above has one field a line ("projects" on 2, "p1" on 3, its fields from 4).
    assert.deepStrictEqual(r.problems.map((p) => p.line), [5, 6, 8]);
    assert.deepStrictEqual(r.problems.map((p) => ENGLISH.say(p.message)), [
      'lca-submission.json: projects.p1.projectType: "Ombygning" is not a project type of the format: give one of Nybyggeri, Tilbygning, Transformation, Renovering; left empty',
      'lca-submission.json: projects.p1.permitApplicationDate: "2026-02-30" is not a date: give it as yyyy-mm-dd, e.g. 2026-03-01; left empty',
      'lca-submission.json: projects.p1.bbrOwnershipCode: not text: write the value in quotes, or null when not known; left empty',
    ]);
    assert.deepStrictEqual(readSubmissionFacts(text, 'p2'), { problems: [] }, 'another project: not asked');
    assert.deepStrictEqual(readSubmissionFacts(undefined, 'p1'), { problems: [] }, 'no file');
    assert.match(ENGLISH.say(readSubmissionFacts('{ "projects": { ', 'p1').problems[0].message), /^lca-submission\.json, line 1: not valid JSON/);
  });

  it('checks a BBR use code against the codes the format\'s readers know', () => {
    assert.strictEqual(submissionProblem('bbrUseCode', '320'), undefined);
    assert.strictEqual(submissionProblem('bbrUseCode', ''), undefined, 'empty: not known');
    assert.match(ENGLISH.say(submissionProblem('bbrUseCode', '123')!), /"123" is not a BBR use code/);
  });

  it('writes a project\'s details, keeping the other projects and the file\'s own text, and refuses a broken file', () => {
    const first = withSubmissionFacts(undefined, 'p1', 'Skolen', { bbrUseCode: '420' });
    assert.deepStrictEqual(JSON.parse(first), { projects: { p1: { projectName: 'Skolen', bbrUseCode: '420', projectType: null, permitApplicationDate: null, occupancyApplicationDate: null, bbrOwnershipCode: null } } });
    const hand = '{\n  // by hand\n  "projects": {\n    "p0": { "bbrUseCode": "140" }\n  }\n}\n';
    const both = withSubmissionFacts(hand, 'p1', undefined, { permitApplicationDate: '2026-03-01' });
    assert.ok(both.includes('// by hand'));
    assert.deepStrictEqual(readSubmissionFacts(both, 'p0').facts, { bbrUseCode: '140' });
    assert.deepStrictEqual(readSubmissionFacts(both, 'p1').facts, { permitApplicationDate: '2026-03-01' });
    assert.throws(() => withSubmissionFacts('{ broken', 'p1', undefined, {}), (e: unknown) => e instanceof SubmissionFileError && /is not valid JSON with a "projects" object/.test(ENGLISH.say(e.why)));
  });
});
