// The editor's language-model tools: each the core's agent tool of the same job (core/agent), its
// answer the tool's result; a tool error is thrown, as VS Code hands a thrown message to the model.
// Creating a report asks first (prepareInvocation), naming the URL and who may view the report.
import * as vscode from 'vscode';
import type { AgentServices } from '../../core/agent/agentServices';
import { AGENT_TOOLS, runAgentTool, type AgentToolName } from '../../core/agent/agentTools';
import { privacyField } from '../../core/agent/writeTools';
import { plainText } from '../../core/text/plainText';
import { LM_TOOLS, type LmToolName } from '../ids';
import { textResult, type LanguageModelTool, type PreparedInvocation } from './lmApi';

/** Each editor tool and the core tool it runs. */
export const EDITOR_TOOLS: Readonly<Record<LmToolName, AgentToolName>> = {
  [LM_TOOLS.findReports]: 'find_reports',
  [LM_TOOLS.getReport]: 'get_report',
  [LM_TOOLS.reportChanges]: 'report_changes',
  [LM_TOOLS.checkPage]: 'check_page',
  [LM_TOOLS.explainCheck]: 'explain_check',
  [LM_TOOLS.createReport]: 'create_report',
};

type Input = Record<string, unknown>;

/** The confirmation of a create: the URL and who may view the report. */
export function createConfirmation(input: Input): PreparedInvocation {
  const url = plainText(input?.url, 300);
  let viewers: string;
  try {
    viewers =
      privacyField(input ?? {}) === 1 ? vscode.l10n.t('only your account (private)') : vscode.l10n.t('anyone with its link (public)');
  } catch {
    viewers = vscode.l10n.t('(an unknown privacy: the tool will refuse it)');
  }
  return {
    invocationMessage: vscode.l10n.t('Creating a report of {0}', url),
    confirmationMessages: {
      title: vscode.l10n.t('Create a Website Report?'),
      message: new vscode.MarkdownString().appendText(
        vscode.l10n.t('The report service analyses {0} and keeps a report of it, which {1} may view.', url, viewers),
      ),
    },
  };
}

/** The tool named `name`, running on the services of the moment. */
export function editorTool(name: LmToolName, services: () => Promise<AgentServices>): LanguageModelTool<Input> {
  const tool = AGENT_TOOLS.find((t) => t.name === EDITOR_TOOLS[name]);
  if (!tool) throw new Error(`no agent tool ${EDITOR_TOOLS[name]}`); // l10n-exempt: a programming error
  return {
    invoke: async (options) => {
      const answer = await runAgentTool(tool, options.input ?? {}, await services());
      if (answer.isError) throw new Error(answer.text);
      return textResult(answer.text);
    },
    ...(tool.writes ? { prepareInvocation: (options: { input: Input }) => createConfirmation(options.input) } : {}),
  };
}
