// Line diff for the Rules history: which lines a version removes and adds compared with another, grouped into hunks
// with a few lines of context — computed here, in the browser (longest common subsequence; rule files are small).

/** Lines of a text; a trailing newline does not make an extra empty line. */
export function splitLines(text) {
  if (!text) return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Every line of both texts in order: { type: 'same' | 'del' | 'add', text, oldLine, newLine } (1-based line numbers,
 * null on the side a line is missing from). Deletions come before additions where both happen.
 */
export function diffLines(oldText, newText) {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  // Trim the common head and tail first: edits are usually small, so the table stays tiny.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  // lcs[i][j] = length of the longest common subsequence of midA[i..] and midB[j..]
  const lcs = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lcs[i][j] = midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }

  const out = [];
  const same = (i, j) => out.push({ type: 'same', text: a[i], oldLine: i + 1, newLine: j + 1 });
  for (let k = 0; k < head; k++) same(k, k);
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      same(head + i, head + j);
      i++;
      j++;
    } else if (j >= midB.length || (i < midA.length && lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push({ type: 'del', text: midA[i], oldLine: head + i + 1, newLine: null });
      i++;
    } else {
      out.push({ type: 'add', text: midB[j], oldLine: null, newLine: head + j + 1 });
      j++;
    }
  }
  for (let k = 0; k < tail; k++) same(a.length - tail + k, b.length - tail + k);
  return out;
}

/**
 * The changed parts only: [{ oldStart, newStart, lines }] where lines are diffLines entries, each hunk with up to
 * `context` unchanged lines around its changes. Empty when the texts are equal.
 */
export function diffHunks(oldText, newText, context = 3) {
  const lines = diffLines(oldText, newText);
  const changed = lines.map((l, index) => (l.type === 'same' ? -1 : index)).filter((index) => index >= 0);
  const hunks = [];
  for (const index of changed) {
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length - 1, index + context);
    const last = hunks[hunks.length - 1];
    if (last && from <= last.to + 1) last.to = Math.max(last.to, to);
    else hunks.push({ from, to });
  }
  return hunks.map(({ from, to }) => {
    const slice = lines.slice(from, to + 1);
    const firstOld = slice.find((l) => l.oldLine != null)?.oldLine ?? 0;
    const firstNew = slice.find((l) => l.newLine != null)?.newLine ?? 0;
    return { oldStart: firstOld, newStart: firstNew, lines: slice };
  });
}

/** { added, removed } line counts. */
export function diffStats(oldText, newText) {
  const lines = diffLines(oldText, newText);
  return { added: lines.filter((l) => l.type === 'add').length, removed: lines.filter((l) => l.type === 'del').length };
}
