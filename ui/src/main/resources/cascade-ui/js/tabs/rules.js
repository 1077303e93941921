// Rules tab (placeholder this round): says what the DRL editor will do and which API it will call.
import { renderPlan } from './plan.js';

export const id = 'rules';

export function mount(root) {
  root.append(renderPlan({
    title: 'Rules',
    lead: 'Read and edit the Drools rulebook that routes each prompt to the small or the large model, test a change on '
      + 'prompts before it goes live, and swap it in without a restart.',
    steps: [
      'Show the rulebook\u2019s DRL files (category, length, conversation and code-marker rules) and its version.',
      'Edit a file with line numbers; compile on demand and list each problem with its file, line and message.',
      'Dry-run prompts against the edited rules: route, deciding rule, reason and the extracted facts.',
      'Publish: the gateway swaps the compiled rulebook atomically; requests in flight finish on the old one.',
    ],
    apis: [
      { method: 'POST', path: '/api/route', purpose: 'explain how the live rulebook routes a prompt (Compare uses it)', available: true },
      { method: 'GET', purpose: 'read the DRL files and the rules version', available: false },
      { method: 'POST', purpose: 'compile edited DRL and report problems, without publishing', available: false },
      { method: 'PUT', purpose: 'publish the edited rulebook (hot swap)', available: false },
    ],
    note: 'DRL can run arbitrary Java in conditions and consequences, so edited rules will be checked against an '
      + 'allow-list before they compile. The editing endpoints are not mounted on the gateway yet.',
  }));
}
