// What the Projects commands share: the service, the tree they refresh, the files linked to projects, the cached
// project enumerations.
import type * as vscode from 'vscode';
import type { ProjectEnums } from '../../client';
import type { LcaSession } from '../session';
import type { VirtualDocuments } from '../ui';
import type { PulledProjects } from './projectFiles';
import type { ProjectsTreeProvider } from './tree';

export interface ProjectsContext {
  /** The environment: the service client, the code table (building types → BR18 categories), the BR18 rule table. */
  session: LcaSession;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  tree: ProjectsTreeProvider;
  /** The *.project.json files pulled from (or created on) the service, with the project they belong to. */
  pulled: PulledProjects;
  /** The project enumerations (building types, stages, branches …), read once per session. */
  enums: () => Promise<ProjectEnums>;
}
