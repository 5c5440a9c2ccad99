// lca_bulk_create: the plan of a bulk create of a materials file (new and already created); sending needs the person.
import { planBulkCreate } from '../bulk/plan';
import { readSidecar, SIDECAR_SUFFIX } from '../bulk/sidecar';
import { validateAgainst } from '../schemas';
import { defineTool } from './define';
import { bool, flagProp, int, list, nullable, obj, orNull, pathProp, readDocument, sentence, str } from './shared';
import { ToolInputError } from './types';

export const bulkCreate = defineTool(
  {
    name: 'lca_bulk_create',
    title: 'Plan bulk create',
    description:
      'Plans a bulk create of a *.materials.json file on the LCA service: checks the file (syntax, schema, rules — a file with errors cannot be sent) and splits its materials by its bulk-create record (X.materials.created.json) into new ones and ones already created on this service by this sign-in. ' +
      'Returns the counts, a few problems with line:column, and the service it would go to. It only plans: sending is done by the person with LCA: Bulk Create Materials in VS Code (progress, cancel, a record of created ids).',
    inputSchema: {
      type: 'object',
      properties: {
        path: pathProp('The *.materials.json file'),
        send: flagProp('Not available here: sending needs the person (VS Code: LCA: Bulk Create Materials)'),
      },
      required: ['path'],
      additionalProperties: false,
    },
    outputSchema: obj({ file: str, service: str, signedInAs: nullable('string'), materials: int, new: int, alreadyCreated: int, canSend: bool, problems: orNull(obj({ count: int, first: list(str) })), sent: { const: false } }),
    // It only plans: sending needs the person (VS Code's Bulk Create Materials), so it is read-only.
    writes: false,
  },
  async (input, ctx) => {
    const doc = await readDocument(ctx, input.path, ['materials']);
    if (input.send) {
      throw new ToolInputError(`Sending is not done by this tool: ask the person to run "LCA: Bulk Create Materials" on ${doc.shown} in VS Code (it shows progress, can be cancelled and records the created ids). Call without send for the plan.`);
    }
    const sidecarPath = doc.abs.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX;
    let sidecar;
    if (await ctx.workspace.exists(sidecarPath)) {
      const read = readSidecar(await ctx.workspace.readText(sidecarPath));
      if (read.ok) sidecar = read.sidecar;
    }
    const plan = planBulkCreate(doc.text, {
      codes: ctx.codes,
      validate: validateAgainst,
      fileName: doc.abs,
      epdUrl: ctx.environment.epdUrl,
      ...(sidecar ? { sidecar } : {}),
      ...(ctx.environment.login ? { createdBy: ctx.environment.login } : {}),
    });
    return {
      file: doc.shown,
      service: `${ctx.environment.name} (${ctx.environment.epdUrl})`,
      signedInAs: ctx.environment.login ?? null,
      materials: plan.items.length,
      new: plan.toSend.length,
      alreadyCreated: plan.created.length,
      canSend: !plan.problems && plan.toSend.length > 0,
      problems: plan.problems ? { count: plan.problems.count, first: plan.problems.samples.map((s) => sentence(s)) } : null,
      sent: false,
    };
  },
);
