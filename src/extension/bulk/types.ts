// What the bulk-create command layer (Bulk Create Materials, Push Material, Run Again) takes and returns: the
// dependencies the composition root passes in, the commands' arguments and outcomes. Types only.
import type * as vscode from 'vscode';
import type { BulkItem } from '../../core/bulk/items';
import type { BulkJobResult } from '../../core/bulk/job';
import type { BulkPlanProblems } from '../../core/bulk/plan';
import type { Sidecar, SidecarItem } from '../../core/bulk/sidecar';
import type { LcaClient } from '../../client';
import type { LcaSession } from '../session';
import type { Catalog } from '../library/catalog';
import type { VirtualDocuments } from '../ui';

export interface BulkCreateDeps {
  /**
   * The service client; the environment's code table (the checks before sending read the codes of the service they
   * send to); the login signed in now (the sidecar records who created its ids, and ids of another identity do not count).
   */
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** Virtual documents (the diff of Push Material) and the catalog (which learns pushed ids). */
  docs?: VirtualDocuments;
  catalog?: Catalog;
  /** The EPD host of the active environment; by default taken from the client. */
  epdUrl?: (client: LcaClient) => string | Promise<string>;
}

/** Programmatic argument (tests, other commands): the file, and optionally the answer to the confirmation. */
export interface BulkCreateArgs {
  uri: vscode.Uri | string;
  /** true: do not ask; false: behave as if the user declined; absent: ask. */
  confirm?: boolean;
  /** Open the report document even when everything was created (default: only when something was left). */
  showReport?: boolean;
}

/** What the command returns. */
export interface BulkCreateOutcome {
  outcome: 'invalid' | 'declined' | 'nothing-to-send' | 'ran' | 'error' | 'busy';
  uri?: string;
  problems?: BulkPlanProblems;
  /** Materials the run set out to send, and how many the sidecar already recorded. */
  toSend?: number;
  alreadyCreated?: number;
  result?: BulkJobResult;
  report?: string;
  reportUri?: string;
  sidecar?: string;
  error?: string;
}

/** What registerBulkCreate keeps across runs: the report documents, cancel, Run Again's file list. */
export interface BulkHost {
  /** The report documents (their own scheme, Markdown). */
  reports: Pick<VirtualDocuments, 'set' | 'show'>;
  /** Cancel of each running job, by file URI (BulkCreateControl's `cancel` calls them). */
  cancels: Map<string, () => void>;
  /** Records whether the last run of `uri` left materials not created (Run Again on its context menu). */
  setUnfinished(uri: vscode.Uri, left: boolean): Promise<void>;
}

/** The commands' handlers. */
export interface BulkCommands {
  bulkCreate(arg?: unknown, selection?: unknown): Promise<BulkCreateOutcome>;
  pushMaterial(arg?: unknown, selection?: unknown): Promise<unknown>;
  runAgain(arg?: unknown): Promise<BulkCreateOutcome>;
}

/** One material to push: a `*.material.json`, or item `index` of a `*.materials.json`. */
export interface PushTarget {
  uri: vscode.Uri;
  index?: number;
}

/** Per material pushed: its name, its id on the service (when known) and whether this push created it. */
export interface PushedMaterial {
  uri: string;
  name: string;
  id?: string;
  state: 'created' | 'already-on-service' | 'not-created';
}

/** What Push Material returns (tests, other commands). */
export interface PushMaterialOutcome {
  outcome: 'invalid' | 'declined' | 'already-on-service' | 'created' | 'stopped' | 'error';
  materials?: PushedMaterial[];
  problems?: BulkPlanProblems;
  result?: BulkJobResult;
  message?: string;
  error?: string;
}

export interface PushMaterialDeps {
  session: LcaSession;
  log: vscode.LogOutputChannel;
  docs?: VirtualDocuments;
  catalog?: Catalog;
  epdUrl: (client: LcaClient) => string | Promise<string>;
  /** Shows the refusal of a file with errors (its count and first line:column as Problems shows them, and Show Problems). */
  refuse: (uri: vscode.Uri, problems: BulkPlanProblems, command: 'push' | 'bulk') => Promise<void>;
  /** Opens a Markdown report (when several materials were pushed and something was left). */
  showReport: (name: string, content: string) => Promise<void>;
}

/** One checked file of a push: its items, those to send, and what its sidecar already records. */
export interface PushSource {
  target: PushTarget;
  name: string;
  sidecarFile: string;
  previous: Sidecar | undefined;
  stateNote?: string;
  items: BulkItem[];
  toSend: BulkItem[];
  known: Map<string, SidecarItem>;
}
