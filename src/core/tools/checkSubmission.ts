// lca_check_submission: Check Before Submission as a read-only tool — the same documentation as the export
// (exportDocumentation.ts), its findings and verdict without writing anything.
import { buildBr18Workbook, checkBeforeSubmission } from "../export/br18";
import { defineTool } from "./define";
import {
  documentationOf,
  FINDINGS,
  findingsOut,
  projectIdProp,
  VERDICT,
  verdictOut,
} from "./exportDocumentation";
import { nullable, obj, str } from "./shared";

export const checkSubmission = defineTool(
  {
    name: "lca_check_submission",
    title: "Check before submission",
    description:
      "Checks a project's BR18 documentation before it is handed to the municipality, as Check Before Submission does in the editor: expired EPDs (at the permit application date of the workspace's lca-submission.json, else today), EN 15804 +A1 and +A2 data mixed in one result, lines without a service life, elements not mapped, a result that is not a BR18 result, the building or (2025 rules) the construction process A4 + A5 over its limit, limits the environment overrides, and what the BR18 spreadsheet export would leave empty. " +
      "Each finding has its check id, where it is (building part › construction › material), location (file:line in the workspace) where it concerns a workspace file, and a message; notChecked says what the data cannot show. " +
      "The submission details the project lacks (BBR use code, project type, permit dates) are read from lca-submission.json, which the editor's export asks for once; this tool never asks or invents them. Read-only; needs a sign-in.",
    inputSchema: {
      type: "object",
      properties: { projectId: projectIdProp },
      required: ["projectId"],
      additionalProperties: false,
    },
    outputSchema: obj({
      projectId: str,
      project: nullable("string"),
      br18: VERDICT,
      ...FINDINGS,
    }),
    writes: false,
  },
  async (input, ctx) => {
    const data = await documentationOf(
      ctx,
      "lca_check_submission",
      input.projectId,
    );
    const wb = buildBr18Workbook(data);
    return {
      projectId: input.projectId,
      project: data.project.projectName ?? null,
      br18: verdictOut(data),
      ...findingsOut(
        checkBeforeSubmission(data, wb.emptied),
        ctx.workspace.roots,
      ),
    };
  },
);
