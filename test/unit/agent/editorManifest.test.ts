// The editor's language-model tools in the manifest are the core's agent tools: the same names as
// extension/ids.ts, the same fields as core/agent/agentTools.ts, each referable with `#`.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_TOOLS } from '../../../core/agent/agentTools';
import { LM_TOOLS } from '../../../extension/ids';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

interface ManifestTool {
  name: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  modelDescription: string;
  inputSchema: { properties: Record<string, unknown> };
}

describe('agent tools: the manifest', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const tools = manifest.contributes.languageModelTools as ManifestTool[];
  const core: Record<string, string> = {
    [LM_TOOLS.findReports]: 'find_reports',
    [LM_TOOLS.getReport]: 'get_report',
    [LM_TOOLS.reportChanges]: 'report_changes',
    [LM_TOOLS.checkPage]: 'check_page',
    [LM_TOOLS.explainCheck]: 'explain_check',
    [LM_TOOLS.createReport]: 'create_report',
  };

  it('contributes exactly the tools of extension/ids.ts, each referable in a prompt', () => {
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(LM_TOOLS).sort());
    for (const tool of tools) {
      assert.equal(tool.canBeReferencedInPrompt, true, tool.name);
      assert.match(tool.toolReferenceName, /^webReports[A-Z]\w+$/, tool.name);
    }
  });

  it("has each core tool's fields, and its description for the model", () => {
    for (const tool of tools) {
      const agent = AGENT_TOOLS.find((t) => t.name === core[tool.name]);
      assert.ok(agent, tool.name);
      assert.deepEqual(Object.keys(tool.inputSchema.properties).sort(), agent.fields.map((f) => f.name).sort(), tool.name);
      assert.ok(tool.modelDescription.startsWith(agent.description), tool.name);
    }
  });

  it('offers the MCP server by the id the code registers', () => {
    assert.deepEqual(
      manifest.contributes.mcpServerDefinitionProviders.map((p: { id: string }) => p.id),
      ['webReports.mcpServer'],
    );
  });
});
