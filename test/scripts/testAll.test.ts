// How `npm test` turns each layer's output and exit code into counts: a failing layer can never look green.
import * as assert from 'assert';
import { layerCounts } from '../../scripts/test-all';

describe('npm test summary (scripts/test-all.js)', () => {
  it('reads mocha spec reporter counts', () => {
    assert.deepStrictEqual(layerCounts(2, '\n  12 passing (3s)\n  1 pending\n  2 failing\n\n  1) x'), { passed: 12, failed: 2 });
    assert.deepStrictEqual(layerCounts(0, '  4 passing (1s)\n'), { passed: 4, failed: 0 });
  });

  it("reads the launchers' last `N passed, M failed` line, before mocha's counts", () => {
    assert.deepStrictEqual(layerCounts(0, '0 passed, 1 failed\nretry\n  7 passing (2s)\n7 passed, 0 failed\n'), { passed: 7, failed: 0 });
    assert.deepStrictEqual(layerCounts(0, '  7 passing (2s)\n7 passed, 0 failed, 1 skipped\n'), { passed: 7, failed: 0 });
  });

  it('counts a non-zero exit as a failure even when the output claims none', () => {
    assert.deepStrictEqual(layerCounts(1, '3 passed, 0 failed\n'), { passed: 3, failed: 1 });
    assert.deepStrictEqual(layerCounts(0, '3 passed, 0 failed\n'), { passed: 3, failed: 0 });
    assert.deepStrictEqual(layerCounts(1, '  5 passing (1s)\n'), { passed: 5, failed: 1 });
  });

  it('counts a layer without parseable output (lint, a broken build) as one result', () => {
    assert.deepStrictEqual(layerCounts(0, ''), { passed: 1, failed: 0 });
    assert.deepStrictEqual(layerCounts(2, 'Build failed with 3 errors'), { passed: 0, failed: 1 });
  });
});
