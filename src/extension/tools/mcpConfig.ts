// The MCP server for clients outside VS Code (Claude Desktop, Cursor …): what it is started with, and "LCA: Copy MCP
// Client Configuration", which copies a ready `mcpServers` entry to the clipboard — `node` with the installed
// extension's dist/mcp.js (a .vsix user has no other path to give), the workspace folder, the active environment with
// its hosts and BR18 override, and the signed-in login. Never a password or secret: a placeholder stands in its place.
import * as path from 'path';
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';
import type { LcaSession } from '../session';
import { readSettings } from '../settings';

export const COPY_MCP_CONFIGURATION = 'lca.copyMcpConfiguration';

/** The MCP server's environment variables for an environment: its name, hosts (not Local's) and BR18 override — never a credential. */
export function mcpEnvironment({ name, isLocal }: { name: string; isLocal: boolean }): Record<string, string> {
  const setting = readSettings().environments.find((e) => e.name === name);
  const hosts: Record<string, string> = setting && !isLocal ? { LCA_BASE_URL: setting.baseUrl, LCA_EPD_URL: setting.epdUrl, LCA_AUTH_URL: setting.authUrl, LCA_GRAPHQL_URL: setting.graphqlUrl } : {};
  const br18 = setting?.br18;
  return { LCA_ENVIRONMENT: name, ...hosts, ...(br18 && Object.keys(br18).length ? { LCA_BR18: JSON.stringify(br18) } : {}) };
}

/** The first workspace folder on disk: the folder the server may read and write. */
export const mcpWorkspaceFolder = (): string | undefined => vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;

/** What the server signs in with, the secret a placeholder: the signed-in login, else placeholders for both. */
function credentialVariables(session: LcaSession, secret: string): Record<string, string> {
  const account = session.account;
  if (account?.kind === 'account') return { LCA_CLIENT_ID: account.login, LCA_SECRET: secret };
  return { LCA_EMAIL: account?.login ?? l10n.t('<your e-mail>'), LCA_PASSWORD: secret };
}

/** The configuration an MCP client takes (`mcpServers`, as Claude Desktop's claude_desktop_config.json has it). */
export function mcpClientConfiguration(session: LcaSession, distDir: string, secret: string): { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> } {
  const folder = mcpWorkspaceFolder() ?? l10n.t('<the folder of your LCA files>');
  return {
    mcpServers: {
      'lca-workbench': {
        command: 'node',
        args: [path.join(distDir, 'mcp.js'), '--workspace', folder],
        env: { ...mcpEnvironment(session.environment), ...credentialVariables(session, secret) },
      },
    },
  };
}

/** Registers "LCA: Copy MCP Client Configuration". */
export function registerMcpConfiguration(context: vscode.ExtensionContext, deps: { session: LcaSession; distDir: string }): void {
  context.subscriptions.push(
    registerCommand(
      COPY_MCP_CONFIGURATION,
      async () => {
        const secret = deps.session.account?.kind === 'account' ? l10n.t('<your client secret>') : l10n.t('<your password>');
        const configuration = mcpClientConfiguration(deps.session, deps.distDir, secret);
        await vscode.env.clipboard.writeText(JSON.stringify(configuration, null, 2));
        void vscode.window.showInformationMessage(
          l10n.t(
            'Copied the MCP client configuration of LCA Workbench ({0}) to the clipboard: paste it into your MCP client\'s configuration (Claude Desktop: claude_desktop_config.json) and write your secret in place of "{1}". It needs Node.js 20 or later as "node".',
            deps.session.environment.name,
            secret,
          ),
        );
      },
      () => l10n.t('Copying the MCP client configuration failed'),
    ),
  );
}
