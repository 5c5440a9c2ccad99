// Entry of the dashboard webview bundle: wires VS Code's webview API to the view and checks every message.
import type { DashboardViewState, ExtensionToWebview, WebviewToExtension } from '../../core/dashboard/messages';
import { parseViewState } from '../../core/dashboard/messages';
import { DashboardView } from './view';

function start(): void {
  // acquireVsCodeApi is declared by @types/vscode-webview. A restored state is checked (parseViewState) before use.
  const api = acquireVsCodeApi<DashboardViewState>();
  const post = (m: WebviewToExtension): void => api.postMessage(m);
  const root = document.getElementById('app');
  if (!root) return;
  const view = new DashboardView(root, { post, saveState: (s) => api.setState(s) }, parseViewState(api.getState()));

  window.addEventListener('message', (event: MessageEvent<ExtensionToWebview>) => {
    const msg = event.data;
    if (!msg || typeof msg !== 'object') return;
    switch (msg.type) {
      case 'l10n':
        view.setLanguage(msg.locale, msg.bundle);
        break;
      case 'loading':
        view.showLoading(msg.target, msg.query);
        break;
      case 'data':
        view.showData(msg.payload);
        break;
      case 'error':
        view.showError(msg.target, msg.message, msg.signInAction, msg.retryable !== false);
        break;
      case 'requestChartImage':
        view.chartImage(msg.requestId, msg.chart);
        break;
      case 'whatIf':
        view.showWhatIf(msg.answer);
        break;
    }
  });
  // Anything the strict CSP blocks is reported to the LCA log rather than failing silently.
  document.addEventListener('securitypolicyviolation', (e) => {
    post({ type: 'cspViolation', detail: `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})` });
  });
  post({ type: 'ready' });
  // While the extension fetches the dashboard.
  view.warmUp(document.documentElement.lang || navigator.language);
}

start();
