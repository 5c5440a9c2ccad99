// Every tool for agents, in the order they are listed to a model: each is one file of this folder (defineTool), and the
// editor's language-model tools and the MCP server both serve this list.
import { bulkCreate } from './bulkCreate';
import { checkFiles } from './checkFiles';
import { checkSubmission } from './checkSubmission';
import { compare } from './compare';
import { exportConstructions } from './exportConstructions';
import { exportDocumentation } from './exportDocumentation';
import { findAlternatives } from './findAlternatives';
import { importEpds } from './importEpds';
import { listProjects } from './listProjects';
import { previewConstruction } from './previewConstruction';
import { projectResult } from './projectResult';
import { searchMaterials } from './searchMaterials';
import type { ToolDefinition } from './types';

export const TOOLS: readonly ToolDefinition[] = [checkFiles, previewConstruction, searchMaterials, findAlternatives, listProjects, projectResult, importEpds, bulkCreate, checkSubmission, exportDocumentation, exportConstructions, compare];
