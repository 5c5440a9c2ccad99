// The extension's one way to phrase text for users: English templates translated per `lca.language` from the
// Danish bundle (l10n/bundle.l10n.da.json, read from the install folder at activation — not bundled into
// dist/extension.js), and figures and dates written per `lca.numberFormat` / the language.
// Call sites write `l10n.t('literal', …)` so the string extractor (scripts/l10n.js) finds every template.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { phrase, type Msg } from '../core/l10n';
import type { ReportPhrasing } from '../core/bulk/report';
import { chooseLanguage, chooseLocale, fill, formatDateIn, type Language } from './l10nFormat';

let danish: Record<string, string> | undefined;
let bundleProblem: string | undefined;
const changed = new vscode.EventEmitter<void>();

/** Fires when `lca.language` or `lca.numberFormat` changes (or the bundle is first read): views re-render. */
export const onDidChangeLanguage: vscode.Event<void> = changed.event;

/**
 * Reads the Danish bundle from the extension's install folder and follows the two settings. Returns a problem
 * (unreadable or malformed bundle) to log; text then stays English rather than failing.
 */
export function initL10n(context: vscode.ExtensionContext): string | undefined {
  const file = path.join(context.extensionUri.fsPath, 'l10n', 'bundle.l10n.da.json');
  danish = undefined;
  bundleProblem = undefined;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object of "English": "Dansk" entries');
    const entries: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof v === 'string') entries[k] = v;
      // @vscode/l10n-dev's commented form: { "message": "…", "comment": [...] }
      else if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') entries[k] = (v as { message: string }).message;
    }
    danish = entries;
  } catch (e) {
    bundleProblem = `Danish texts unavailable (${file}): ${(e as Error).message}`;
  }
  context.subscriptions.push(
    changed,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('lca.language') || e.affectsConfiguration('lca.numberFormat')) changed.fire();
    }),
  );
  return bundleProblem;
}

/** The language text is shown in: `lca.language` ('auto' follows VS Code's display language). */
export function language(): Language {
  return chooseLanguage(vscode.workspace.getConfiguration('lca').get('language', 'auto'), vscode.env.language);
}

/** The BCP-47 locale figures are written in: `lca.numberFormat` ('auto' = 'da-DK' for Danish, else English). */
export function locale(): string {
  return chooseLocale(vscode.workspace.getConfiguration('lca').get('numberFormat', 'auto'), language());
}

/** The Danish bundle when text is shown in Danish (sent to webviews), else undefined. */
export function bundle(): Record<string, string> | undefined {
  return language() === 'da' ? danish : undefined;
}

/** An English template with {0}… placeholders, in the chosen language; English when no translation exists. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
  const translated = language() === 'da' ? danish?.[message] : undefined;
  return fill(translated ?? message, args);
}

/** A core `Msg` phrased in the chosen language (nested `Msg` arguments too). */
export function say(m: Msg): string {
  const da = language() === 'da' ? danish : undefined;
  return phrase(m, (template) => da?.[template] ?? template);
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

/** How core builds longer texts (reports, hovers) in the chosen language: sentences, number locale, moments. */
export function phrasing(): ReportPhrasing {
  return { say, locale: locale(), date: formatDate };
}
