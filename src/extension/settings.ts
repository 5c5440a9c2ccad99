// One typed accessor for the extension's settings (`lca.*`), with validation of what users typed.
import * as vscode from 'vscode';
import { parseCodeOverride, type CodeLayer } from '../core/codeTable';
import { parseBr18Override, type Br18Override } from '../core/lca/br18Rules';
import type { ServiceUrls } from '../client';
import * as l10n from './l10n';

export interface EnvironmentSetting extends ServiceUrls {
  name: string;
  /** The environment's `codes` override, parsed; bad entries are left out (and listed in `problems`). */
  codes: CodeLayer;
  /** The environment's `br18` override of the BR18 rule table (docs/br18-rules.md), parsed; bad entries left out. */
  br18: Br18Override;
  /** A `.graphql` file whose GetProjectList the Projects view sends instead of the built-in text. */
  projectListQuery?: string;
}

export interface LcaSettings {
  /** Named environments from settings (the built-in Local one is added by the environment service). */
  environments: EnvironmentSetting[];
  /** Name of the active environment. */
  activeEnvironment: string;
  /** Hosts of the Local environment; empty strings mean "run the local service in the extension host". */
  localService: ServiceUrls;
  /** Problems found in what the user typed, as "setting: message" lines. */
  problems: string[];
}

const URL_KEYS = ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'] as const;

export function readSettings(): LcaSettings {
  const config = vscode.workspace.getConfiguration('lca');
  const problems: string[] = [];
  const rawEnvs = config.get<unknown>('environments', []);
  const environments: EnvironmentSetting[] = [];
  if (!Array.isArray(rawEnvs)) {
    problems.push(l10n.t('{0}: must be a list of environments', 'lca.environments'));
  } else {
    rawEnvs.forEach((raw, index) => {
      if (!raw || typeof raw !== 'object') {
        problems.push(l10n.t('{0}: must be an object with name and four URLs', `lca.environments[${index}]`));
        return;
      }
      const r = raw as Record<string, unknown>;
      const missing = ['name', ...URL_KEYS].filter((k) => typeof r[k] !== 'string' || !(r[k] as string).trim());
      if (missing.length) {
        problems.push(l10n.t('{0}: missing {1}', `lca.environments[${index}]`, missing.join(', ')));
        return;
      }
      const name = (r.name as string).trim();
      const codes = parseCodeOverride(r.codes, `lca.environments[${index}].codes`);
      for (const p of codes.problems) problems.push(`${p.path}: ${l10n.say(p.message)}`);
      const br18 = parseBr18Override(r.br18, `lca.environments[${index}].br18`);
      for (const p of br18.problems) problems.push(`${p.path}: ${l10n.say(p.message)}`);
      if (r.projectListQuery !== undefined && (typeof r.projectListQuery !== 'string' || !r.projectListQuery.trim())) {
        problems.push(l10n.t('{0}: must be the path of a .graphql file', `lca.environments[${index}].projectListQuery`));
      }
      environments.push({
        name,
        baseUrl: r.baseUrl as string,
        epdUrl: r.epdUrl as string,
        authUrl: r.authUrl as string,
        graphqlUrl: r.graphqlUrl as string,
        codes: codes.layer,
        br18: br18.override,
        ...(typeof r.projectListQuery === 'string' && r.projectListQuery.trim() ? { projectListQuery: r.projectListQuery.trim() } : {}),
      });
    });
  }
  const localService = {
    baseUrl: config.get<string>('service.baseUrl', '') ?? '',
    epdUrl: config.get<string>('service.epdUrl', '') ?? '',
    authUrl: config.get<string>('service.authUrl', '') ?? '',
    graphqlUrl: config.get<string>('service.graphqlUrl', '') ?? '',
  };
  return {
    environments,
    activeEnvironment: config.get<string>('environment', 'Local') || 'Local',
    localService,
    problems,
  };
}

export function onSettingsChanged(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('lca')) listener();
  });
}
