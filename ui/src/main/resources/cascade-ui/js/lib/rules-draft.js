// Unsaved rule edits kept in this browser (localStorage), so a reload or a closed tab does not lose them: only the
// files that differ from the version they were made on, with that version's number.
const DRAFT_KEY = 'cascade4arm.rulesDraft';

/** Keeps the editor's changed files (made on `baseVersion`); forgets the draft when nothing differs. */
export function saveDraft(baseVersion, editor) {
  const changed = editor.changedFiles();
  try {
    if (!changed.length) {
      localStorage.removeItem(DRAFT_KEY);
      return;
    }
    const files = Object.fromEntries(editor.files().filter((f) => changed.includes(f.name)).map((f) => [f.name, f.content]));
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ baseVersion, files }));
  } catch {
    // storage disabled or full: the edits live only in this page
  }
}

/** The kept draft { baseVersion, files: { name: content } }, or null. */
export function takeDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || 'null');
    return draft && typeof draft.files === 'object' && Object.keys(draft.files).length ? draft : null;
  } catch {
    return null;
  }
}

export function dropDraft() {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // storage disabled
  }
}
