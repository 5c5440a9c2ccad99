// The end of a Bulk Create Materials run: the report document (opened when something was left, or when asked), Run
// Again kept on the file's context menu while something is left, and the closing message with Run Again / Show Report.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BulkJobResult } from '../../core/bulk/job';
import { renderReport, summaryLine } from '../../core/bulk/report';
import { showInfo, showWarning } from '../ui';
import { BULK_CREATE_COMMAND } from './names';
import type { BulkHost } from './types';

export interface FinishedRun {
  uri: vscode.Uri;
  source: string;
  sidecarName: string;
  epdUrl: string;
  startedAt: Date;
  /** Open the report even when everything was created. */
  alwaysShowReport: boolean;
}

/** Reports `result`; `reportSources` learns the materials file of the report (Run Again from its title bar). */
export async function finishRun(
  result: BulkJobResult,
  run: FinishedRun,
  host: BulkHost,
  reportSources: Map<string, vscode.Uri>,
  log: vscode.LogOutputChannel,
): Promise<{ report: string; reportUri: vscode.Uri }> {
  const { uri, source } = run;
  const { reports } = host;
  const report = renderReport(result, { source, sidecar: run.sidecarName, epdUrl: run.epdUrl, startedAt: run.startedAt }, l10n.phrasing());
  const reportUri = reports.set(`/${l10n.t('{0} — bulk create report', source)}.md`, report);
  reportSources.set(reportUri.toString(), uri);
  const line = summaryLine(result, l10n.phrasing());
  log.info(`Bulk create of ${source}: ${summaryLine(result)}`);
  const left = result.notSent.length > 0;
  await host.setUnfinished(uri, left);
  if (left || run.alwaysShowReport) {
    try {
      await reports.show(reportUri, 'markdown');
    } catch (e) {
      log.warn(`Could not open the bulk create report: ${(e as Error).message}`);
    }
  }
  const again = l10n.t('Run Again');
  const showReportLabel = l10n.t('Show Report');
  if (left) {
    const message = result.cancelled
      ? l10n.t('Bulk create of {0} cancelled: {1}. Run Again sends the rest (also on the file\'s context menu and in the report).', source, line)
      : l10n.t('Bulk create of {0} stopped: {1}. Run Again sends the rest (also on the file\'s context menu and in the report).', source, line);
    void showWarning(message, again, showReportLabel).then((choice) => {
      if (choice === again) void vscode.commands.executeCommand(BULK_CREATE_COMMAND, uri);
      else if (choice === showReportLabel) void reports.show(reportUri, 'markdown');
    });
  } else {
    void showInfo(l10n.t('Bulk create of {0}: {1}.', source, line), showReportLabel).then((choice) => {
      if (choice === showReportLabel) void reports.show(reportUri, 'markdown');
    });
  }
  return { report, reportUri };
}
