// The extension's one way to phrase text for users: English templates translated per `lca.language` from the
// Danish bundle (l10n/bundle.l10n.da.json, read from the install folder when Danish is first needed — not bundled into
// dist/extension.js), and figures and dates written per `lca.numberFormat` / the language.
// Call sites write `l10n.t('literal', …)` so the string extractor (scripts/l10n.js) finds every template.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { enumLabel } from '../core/enumLabels';
import { phrase, type Named } from '../core/l10n';
import type { ReportPhrasing } from '../core/bulk/report';
import { chooseLanguage, chooseLocale, fill, formatDateIn, formatDayIn, type Language } from './l10nFormat';

/** The state of this module: where the Danish bundle is, the bundle once read, the settings as last read. */
const state: {
  bundleFile: string | undefined;
  /** The Danish bundle: undefined until Danish is first needed, null when it could not be read. */
  danish: Record<string, string> | null | undefined;
  warn: (message: string) => void;
  /** `lca.language` / `lca.numberFormat` as last read; cleared when either setting changes. */
  chosen: { language: Language; locale: string } | undefined;
} = { bundleFile: undefined, danish: undefined, warn: () => undefined, chosen: undefined };
const changed = new vscode.EventEmitter<void>();

/** Fires when `lca.language` or `lca.numberFormat` changes: views re-render. */
export const onDidChangeLanguage: vscode.Event<void> = changed.event;

/**
 * Follows the two settings, and says where the Danish bundle is (the extension's install folder). The bundle is read
 * the first time a text is shown in Danish; a bundle that cannot be read is reported through `onProblem` once, and
 * text then stays English rather than failing.
 */
export function initL10n(context: vscode.ExtensionContext, onProblem: (message: string) => void): void {
  state.bundleFile = path.join(context.extensionUri.fsPath, 'l10n', 'bundle.l10n.da.json');
  state.danish = undefined;
  state.chosen = undefined;
  state.warn = onProblem;
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('lca.language') || e.affectsConfiguration('lca.numberFormat')) {
        state.chosen = undefined;
        changed.fire();
      }
    }),
  );
}

function danishBundle(): Record<string, string> | undefined {
  if (state.danish === undefined) {
    state.danish = null;
    try {
      if (!state.bundleFile) throw new Error('the extension has not started');
      const parsed: unknown = JSON.parse(fs.readFileSync(state.bundleFile, 'utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object of "English": "Dansk" entries');
      const entries: Record<string, string> = {};
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (typeof v === 'string') entries[k] = v;
        // @vscode/l10n-dev's commented form: { "message": "…", "comment": [...] }
        else if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') entries[k] = (v as { message: string }).message;
      }
      state.danish = entries;
    } catch (e) {
      state.warn(`Danish texts unavailable (${state.bundleFile}): ${(e as Error).message}`);
    }
  }
  return state.danish ?? undefined;
}

function settings(): { language: Language; locale: string } {
  if (!state.chosen) {
    const config = vscode.workspace.getConfiguration('lca');
    const language = chooseLanguage(config.get('language', 'auto'), vscode.env.language);
    state.chosen = { language, locale: chooseLocale(config.get('numberFormat', 'auto'), language) };
  }
  return state.chosen;
}

/** The language text is shown in: `lca.language` ('auto' follows VS Code's display language). */
export function language(): Language {
  return settings().language;
}

/** The BCP-47 locale figures are written in: `lca.numberFormat` ('auto' = 'da-DK' for Danish, else English). */
export function locale(): string {
  return settings().locale;
}

/** The Danish bundle when text is shown in Danish (sent to webviews), else undefined. */
export function bundle(): Record<string, string> | undefined {
  return language() === 'da' ? danishBundle() : undefined;
}

/** An English template with {0}… placeholders, in the chosen language; English when no translation exists. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
  const translated = language() === 'da' ? danishBundle()?.[message] : undefined;
  return fill(translated ?? message, args);
}

/** A core `Msg` phrased in the chosen language (nested `Msg` arguments too); a name (a plain string) as it is. */
export function say(m: Named): string {
  if (typeof m === 'string') return m;
  const da = language() === 'da' ? danishBundle() : undefined;
  return phrase(m, (template) => da?.[template] ?? template);
}

/**
 * A label the service serves for one of its enumerations (a project stage, building type, role, EPD type…) in the
 * chosen language; one we do not know, as served.
 */
export function served(label: string | null | undefined): string {
  return say(enumLabel(label));
}

/** A number in `locale()`'s way of writing it ("1.234,5" / "1,234.5"). */
export function formatNumber(n: number, digits?: { min?: number; max?: number }): string {
  if (!Number.isFinite(n)) return '—';
  const max = digits?.max ?? Math.max(digits?.min ?? 0, 3);
  return n.toLocaleString(locale(), { minimumFractionDigits: digits?.min ?? 0, maximumFractionDigits: max });
}

/** A moment as a date and time in the chosen language: "2. jun. 2025 11:30" / "2 Jun 2025 11:30"; never raw ISO. */
export function formatDate(value: string | Date | undefined | null): string {
  return formatDateIn(language(), value);
}

/** A calendar day (UTC) in the chosen language: "2. jun. 2025" / "2 Jun 2025"; never raw ISO. */
export function formatDay(value: string | Date | undefined | null): string {
  return formatDayIn(language(), value, 'UTC');
}

/** How core builds longer texts (reports, hovers) in the chosen language: sentences, number locale, moments, days. */
export function phrasing(): ReportPhrasing {
  return { say, locale: locale(), date: formatDate, day: formatDay };
}
