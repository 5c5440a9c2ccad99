// The BR18 rule table of the active environment: the built-in table (src/core/lca/br18Rules.ts) with the environment
// entry's `br18` override applied (lca.environments[].br18). Read on use: settings are cheap to read and this keeps
// no state a lazily loaded bundle could hold a stale copy of.
import { applyBr18Override, BR18_RULES, type Br18Rules } from '../core/lca/br18Rules';
import { readSettings } from './settings';

export function activeBr18Rules(environment?: string): Br18Rules {
  const settings = readSettings();
  const name = environment ?? settings.activeEnvironment;
  const setting = settings.environments.find((e) => e.name === name);
  return setting ? applyBr18Override(BR18_RULES, setting.br18, name) : BR18_RULES;
}
