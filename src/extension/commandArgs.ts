// What a command was invoked on, decoded in one place: a tree node (Projects or Library), an id typed by another
// command or a test, a Uri (editor title, Explorer context menu), or the Explorer's selection (an array of Uris).
// Every handler that takes an argument reads it through these functions, so that the same argument means the same
// thing to every command. Pure functions over vscode values: the lazily loaded command layers (bulk, import) bundle
// their own copy, which is why nothing here imports a module that keeps state (ui.ts, log.ts).
import * as vscode from 'vscode';

/** A project a command applies to: its id, and its name when the argument carried it. */
export interface ProjectRef {
  id: string;
  name?: string;
}

/**
 * A project from its id, or from a node carrying `project: {id, name}` (a Projects-tree project or group node) or
 * `projectId` (a stream node, a dashboard's target). Undefined when the argument names no project (then ask).
 */
export function projectOf(arg: unknown): ProjectRef | undefined {
  if (typeof arg === 'string') return arg ? { id: arg } : undefined;
  if (!arg || typeof arg !== 'object') return undefined;
  const node = arg as { project?: { id?: unknown; name?: unknown }; projectId?: unknown };
  if (typeof node.project?.id === 'string') {
    return { id: node.project.id, name: typeof node.project.name === 'string' ? node.project.name : undefined };
  }
  if (typeof node.projectId === 'string') return { id: node.projectId };
  return undefined;
}

/** A stream id from the id itself or a Projects-tree stream node (with the stream's name when the node has it). */
export function streamOf(arg: unknown): { streamId: string; streamName?: string } | undefined {
  if (typeof arg === 'string') return arg ? { streamId: arg } : undefined;
  const node = arg as { kind?: unknown; streamId?: unknown; streamName?: unknown } | undefined;
  if (node?.kind === 'stream' && typeof node.streamId === 'string') {
    return { streamId: node.streamId, ...(typeof node.streamName === 'string' ? { streamName: node.streamName } : {}) };
  }
  return undefined;
}

/** The id a Copy Id applies to: the id itself, a stream node's stream id, a detail row's value, else the project's id. */
export function copyableIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const node = arg as { kind?: unknown; value?: unknown } | undefined;
  const stream = streamOf(arg);
  if (stream) return stream.streamId;
  if (node?.kind === 'field' && typeof node.value === 'string') return node.value;
  return projectOf(arg)?.id;
}

/**
 * A construction of a project: `(projectId, constructionId)`, or a node carrying `construction: {id, name}` (a Library
 * construction node) or `{id, name}` itself, with its `projectId` or the project id as the second argument.
 */
export function constructionOf(a: unknown, b: unknown): { projectId?: string; constructionId?: string; constructionName?: string } {
  if (typeof a === 'string' && typeof b === 'string') return { projectId: a, constructionId: b };
  const node = a as { construction?: { id?: unknown; name?: unknown }; projectId?: unknown; id?: unknown; name?: unknown } | undefined;
  if (node && typeof node === 'object') {
    const c = node.construction ?? node;
    return {
      projectId: typeof node.projectId === 'string' ? node.projectId : typeof b === 'string' ? b : undefined,
      constructionId: typeof c.id === 'string' ? c.id : undefined,
      constructionName: typeof c.name === 'string' ? c.name : undefined,
    };
  }
  return { projectId: typeof a === 'string' ? a : undefined };
}

export type LibraryKind = 'material' | 'construction';

/** What a Library command was invoked on: the record's id and kind, the file holding it and its name, where known. */
export interface LibraryTarget {
  id?: string;
  kind?: LibraryKind;
  uri?: vscode.Uri;
  name?: string;
}

function libraryKind(v: unknown): LibraryKind | undefined {
  return v === 'material' || v === 'construction' ? v : undefined;
}

/**
 * A Library target from an id (with `kind` as the second argument), a Uri, a Library node (material, construction,
 * a construction's component: its material) or `{id, kind}` from another feature or a test.
 */
export function libraryTargetOf(arg: unknown, kind?: unknown): LibraryTarget {
  const k = libraryKind(kind);
  if (typeof arg === 'string') return { id: arg.trim(), kind: k };
  if (arg instanceof vscode.Uri) return { uri: arg, kind: k };
  if (!arg || typeof arg !== 'object') return {};
  const node = arg as {
    kind?: unknown;
    material?: { id?: string; uri?: vscode.Uri; name: string };
    construction?: { id?: string; uri?: vscode.Uri; name: string };
    epdId?: string;
  };
  switch (node.kind) {
    case 'material':
      return { id: node.material!.id, kind: 'material', uri: node.material!.uri, name: node.material!.name };
    case 'construction':
      return { id: node.construction!.id, kind: 'construction', uri: node.construction!.uri, name: node.construction!.name };
    case 'component':
      return { id: node.epdId, kind: 'material', uri: node.material?.uri, name: node.material?.name };
  }
  const plain = arg as { id?: unknown; kind?: unknown };
  return { id: typeof plain.id === 'string' ? plain.id : undefined, kind: libraryKind(plain.kind) ?? k };
}

/** A URI that crossed an extension boundary as a plain object. */
export function isUriLike(v: unknown): v is { scheme: string; path: string; authority?: string; query?: string; fragment?: string } {
  return !!v && typeof v === 'object' && typeof (v as { scheme?: unknown }).scheme === 'string' && typeof (v as { path?: unknown }).path === 'string';
}

/** A file from a Uri, a plain URI object, a URI string (`scheme://…`) or a file path; undefined for anything else. */
export function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (isUriLike(arg)) return vscode.Uri.from(arg);
  if (typeof arg === 'string') return arg.includes('://') ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  return undefined;
}

/** The Explorer's selection (the second argument of a context-menu command): its file URIs, plain URI objects included. */
export function selectedUris(selection: unknown): vscode.Uri[] {
  if (!Array.isArray(selection)) return [];
  return selection.flatMap((x) => (x instanceof vscode.Uri ? [x] : isUriLike(x) ? [vscode.Uri.from(x)] : []));
}

/**
 * The files a command was invoked on: the Explorer's selection when it is one (every item a Uri), else the one Uri,
 * else an array of Uris given as the first argument; none otherwise.
 */
export function invokedUris(arg: unknown, selection: unknown): vscode.Uri[] {
  if (Array.isArray(selection) && selection.length && selection.every((u) => u instanceof vscode.Uri)) return selection as vscode.Uri[];
  if (arg instanceof vscode.Uri) return [arg];
  if (Array.isArray(arg) && arg.every((u) => u instanceof vscode.Uri)) return arg as vscode.Uri[];
  return [];
}
