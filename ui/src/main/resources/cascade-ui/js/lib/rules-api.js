// The rules API's public calls: read the active rulebook and its history, validate and dry-run edited files.
// Activating and rolling back need the admin token: see tabs/rules.js.
import { requestJson } from './api.js';

export const RULES_PATH = '/api/rules';

/** { version, files: [{ name, content }], rules, author, comment, created_at, sha256, editing_enabled, … } */
export const getActiveRules = (signal) => requestJson(RULES_PATH, { signal }).then((r) => r.body);

/** { active_version, data: [version metadata, newest first] } */
export const getRulesHistory = (signal) => requestJson(`${RULES_PATH}/history`, { signal }).then((r) => r.body);

/** One version with its files. */
export const getRulesVersion = (version, signal) =>
  requestJson(`${RULES_PATH}/versions/${encodeURIComponent(version)}`, { signal }).then((r) => r.body);

/** { valid, problems: [{ file, line, column, message }], rules? } — compiles, changes nothing. */
export const validateRules = (files, signal) =>
  requestJson(`${RULES_PATH}/validate`, { method: 'POST', body: { files }, signal }).then((r) => r.body);

/**
 * Routes the benchmark suite (plus `prompts`) with the active and the edited rules: { summary, results, never_fired,
 * shadowed, … }. A candidate that does not compile answers 400 invalid_rules with `problems` (ApiError.body).
 */
export const dryRunRules = (files, prompts, signal) =>
  requestJson(`${RULES_PATH}/dry-run`, { method: 'POST', body: prompts?.length ? { files, prompts } : { files }, signal })
    .then((r) => r.body);
