// Tool input checked against the tool's JSON Schema (VS Code and MCP clients pass whatever the model wrote): a bad
// input is answered with what to change, property by property. ajv (of the schemas' validation module, loaded on
// first use), compiled once per tool.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { compileSchema } from '../schemas';
import { ToolInputError, type ToolDefinition } from './types';

const compiled = new Map<string, ValidateFunction>();

function validatorOf(tool: ToolDefinition): ValidateFunction {
  let v = compiled.get(tool.name);
  if (!v) {
    v = compileSchema(tool.inputSchema);
    compiled.set(tool.name, v);
  }
  return v;
}

function where(e: ErrorObject): string {
  return e.instancePath ? `"${e.instancePath.slice(1).replace(/\//g, '.')}"` : 'the input';
}

/** One ajv error as what to change. */
function advice(e: ErrorObject, tool: ToolDefinition): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `add the required property "${String(p.missingProperty)}"`;
    case 'additionalProperties': {
      const allowed = Object.keys(tool.inputSchema.properties).join(', ');
      return `remove the unknown property "${String(p.additionalProperty)}" (allowed: ${allowed})`;
    }
    case 'type':
      return `${where(e)} must be ${String(p.type)}`;
    case 'enum':
      return `${where(e)} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
      return `${where(e)} ${e.message ?? 'is out of range'}`;
    default:
      return `${where(e)} ${e.message ?? 'is not valid'}`;
  }
}

/** The input as the tool's function receives it, or a ToolInputError naming each change to make. */
export function validateInput(tool: ToolDefinition, input: unknown): Record<string, unknown> {
  const value = input === undefined || input === null ? {} : input;
  const validate = validatorOf(tool);
  if (validate(value)) return value as Record<string, unknown>;
  const changes = [...new Set((validate.errors ?? []).map((e) => advice(e, tool)))].slice(0, 10);
  throw new ToolInputError(`Invalid input for ${tool.name}: ${changes.join('; ')}.`);
}
