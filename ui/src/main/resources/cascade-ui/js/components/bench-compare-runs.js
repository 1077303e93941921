// Comparing two benchmark runs honestly: first what differs between them besides the code (rules version, machine,
// JVM, model files and engines, method), then each latency side by side, marked as a change only when the two 95 %
// intervals do not overlap.
import { el } from '../lib/dom.js';
import { EMPTY, formatMs } from '../lib/format.js';
import { systemName } from './bench-tables.js';
import { samplingLine } from './sampling-fields.js';

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Human sentences for everything that makes runs A and B not directly comparable (empty when nothing differs). */
export function comparabilityWarnings(a, b) {
  const warnings = [];
  if (!same(a.rules_version, b.rules_version)) {
    warnings.push(`Different rules: run A used rules version ${a.rules_version ?? 'unknown'}, run B ${b.rules_version ?? 'unknown'}.`);
  }
  const ea = a.environment;
  const eb = b.environment;
  if (!ea || !eb) {
    warnings.push(`Run ${!ea ? 'A' : 'B'} recorded no environment (it predates that record): machine and models may differ.`);
  } else {
    const ma = ea.machine || {};
    const mb = eb.machine || {};
    if (!same(ma.cpu_model, mb.cpu_model) || ma.cores !== mb.cores || ma.memory_bytes !== mb.memory_bytes) {
      warnings.push(`Different machine: run A ${machineLine(ma)}, run B ${machineLine(mb)}.`);
    }
    if (!same(ea.jvm, eb.jvm)) warnings.push(`Different JVM: run A ${ea.jvm}, run B ${eb.jvm}.`);
    const endpointsB = new Map((eb.endpoints || []).map((e) => [e.name, e]));
    for (const e of ea.endpoints || []) {
      const other = endpointsB.get(e.name);
      if (!other) continue;
      if (!same(e.model_sha256, other.model_sha256) || !same(e.model_path, other.model_path)) {
        warnings.push(`Different model on ${e.name}: run A ${modelLine(e)}, run B ${modelLine(other)}.`);
      }
      if (!same(e.build_info, other.build_info)) {
        warnings.push(`Different engine on ${e.name}: run A ${e.build_info ?? 'unknown'}, run B ${other.build_info ?? 'unknown'}.`);
      }
    }
  }
  const ca = a.config || {};
  const cb = b.config || {};
  if (ca.max_tokens !== cb.max_tokens || !same(ca.fixed_length, cb.fixed_length)) {
    warnings.push(`Different lengths: run A ${lengthLine(ca)}, run B ${lengthLine(cb)}.`);
  }
  if (!same(ca.sampling, cb.sampling)) {
    warnings.push(`Different sampling: run A ${samplingLine(ca.sampling)}, run B ${samplingLine(cb.sampling)}.`);
  }
  if (!same(ca.prompts, cb.prompts)) warnings.push(`Different prompts: run A ${JSON.stringify(ca.prompts)}, run B ${JSON.stringify(cb.prompts)}.`);
  return warnings;
}

const machineLine = (m) => `${m.cpu_model ?? 'unknown CPU'}, ${m.cores ?? '?'} cores, ${m.memory_bytes ? (m.memory_bytes / 2 ** 30).toFixed(1) : '?'} GiB`;
const modelLine = (e) => `${e.model_path ?? 'unknown file'}${e.model_sha256 ? ` (sha256 ${e.model_sha256.slice(0, 12)}…)` : ''}`;
const lengthLine = (c) => `${c.fixed_length ? 'exactly' : 'up to'} ${c.max_tokens} tokens`;

/** Warnings box: what differs, before any number is compared. */
export function warningsBox(warnings) {
  return warnings.length
    ? el('div', { class: 'alert alert--warn', role: 'note', 'data-testid': 'bench-compare-warnings' },
      el('strong', {}, 'These runs differ in more than the code under test; read the changes below with that in mind:'),
      el('ul', {}, warnings.map((w) => el('li', {}, w))))
    : el('p', { class: 'muted', 'data-testid': 'bench-compare-warnings' },
      'Same rules version, machine, JVM, model files, lengths and sampling in both runs.');
}

const overlaps = (a, b) => a.low <= b.high && b.low <= a.high;

function change(a, b, field) {
  const va = a[`${field}_ms`];
  const vb = b[`${field}_ms`];
  if (va == null || vb == null) return { text: EMPTY, verdict: 'n/a' };
  const ia = { low: a[`${field}_low_ms`] ?? va, high: a[`${field}_high_ms`] ?? va };
  const ib = { low: b[`${field}_low_ms`] ?? vb, high: b[`${field}_high_ms`] ?? vb };
  const percent = ((vb - va) / va) * 100;
  const verdict = overlaps(ia, ib) ? 'within noise' : vb < va ? 'faster' : 'slower';
  return { text: `${percent >= 0 ? '+' : ''}${percent.toFixed(0)}%`, verdict };
}

/** System | Conc. | p50 A | p50 B | change | p95 A | p95 B | change — a change is marked only outside both intervals. */
export function changesTable(a, b) {
  const byKey = new Map((b.aggregates || []).map((x) => [`${x.target}@${x.level}`, x]));
  const rows = (a.aggregates || []).filter((x) => byKey.has(`${x.target}@${x.level}`)).map((x) => {
    const y = byKey.get(`${x.target}@${x.level}`);
    const p50 = change(x, y, 'p50');
    const p95 = change(x, y, 'p95');
    const cell = (c) => el('td', { class: `num change change--${c.verdict.replace(' ', '-')}`, 'data-verdict': c.verdict,
      title: c.verdict === 'within noise' ? 'The 95% intervals overlap: not a measurable change' : '95% intervals do not overlap' },
    c.verdict === 'within noise' || c.verdict === 'n/a' ? `${c.text} (within noise)` : `${c.text} ${c.verdict}`);
    return el('tr', { dataset: { target: x.target, level: String(x.level) } },
      el('th', { scope: 'row' }, systemName(x.target)), el('td', { class: 'num' }, String(x.level)),
      el('td', { class: 'num' }, formatMs(x.p50_ms)), el('td', { class: 'num' }, formatMs(y.p50_ms)), cell(p50),
      el('td', { class: 'num' }, formatMs(x.p95_ms)), el('td', { class: 'num' }, formatMs(y.p95_ms)), cell(p95));
  });
  return el('div', { class: 'table-scroll table-scroll--flat' },
    el('table', { class: 'kv-table data-table', 'data-testid': 'bench-changes' },
      el('caption', { class: 'visually-hidden' }, 'Latency changes from run A to run B'),
      el('thead', {}, el('tr', {}, ['System', 'Conc.', 'p50 A', 'p50 B', 'p50 change', 'p95 A', 'p95 B', 'p95 change']
        .map((h, i) => el('th', { scope: 'col', class: i ? 'num' : null }, h)))),
      el('tbody', {}, rows.length ? rows
        : el('tr', {}, el('td', { colspan: '8', class: 'muted' }, 'The runs share no system and concurrency level.')))));
}
