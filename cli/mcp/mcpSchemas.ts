// The agent tools' fields as the MCP SDK's input schemas (zod), from the one table of tools
// (core/agent/agentTools.ts): the types a model sees listed. Their values are checked again by the
// tools, whose messages say which field to change and how.
import { z } from './sdk';
import type { AgentTool, ToolField } from '../../core/agent/agentTools';

function schemaOf(field: ToolField): z.ZodTypeAny {
  const message = `change ${field.name}: ${field.hint}`;
  switch (field.kind) {
    case 'result':
      return z.enum(['good', 'decent', 'bad'], { message }).optional().describe(field.hint);
    case 'page':
      return z.number({ message }).int({ message }).min(1, { message }).optional().describe(field.hint);
    case 'id':
      return z.union([z.number(), z.string()], { message }).optional().describe(field.hint);
    case 'paths':
      return z.array(z.string({ message }), { message }).optional().describe(field.hint);
    case 'privacy':
      return z
        .union([z.literal(0), z.literal(1)], { message })
        .optional()
        .describe(field.hint);
    default:
      return z.string({ message }).optional().describe(field.hint);
  }
}

/** The tool's input schema: every field optional (which are needed together the tool says). */
export function inputShapeOf(tool: AgentTool): z.ZodRawShape {
  return Object.fromEntries(tool.fields.map((f) => [f.name, schemaOf(f)]));
}
