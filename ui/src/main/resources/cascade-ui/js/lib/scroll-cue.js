// Tables wider than their box scroll inside it; this makes that visible: each .table-scroll box says whether more lies
// to the right (data-overflow="more"), only to the left ("end") or nothing ("none"), a fade marks the cut edge, and a
// "scroll →" line above the box says so in words. An overflowing box becomes keyboard-scrollable (tabindex 0).
const HINT = 'Scroll → for more columns';

/** Watches every .table-scroll under root, now and as the tabs render new ones. */
export function watchScrollCues(root = document.body) {
  const watched = new WeakSet();
  const sizes = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target.closest('.table-scroll'))));
  let queued = false;
  const scan = () => {
    queued = false;
    for (const box of root.querySelectorAll('.table-scroll')) {
      if (!watched.has(box)) {
        watched.add(box);
        sizes.observe(box);
        if (box.firstElementChild) sizes.observe(box.firstElementChild);
        box.addEventListener('scroll', () => update(box), { passive: true });
      }
      update(box);
    }
  };
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(scan);
    }
  }).observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', () => requestAnimationFrame(scan));
  scan();
}

function update(box) {
  if (!box || !box.isConnected) return;
  const hidden = box.clientWidth === 0;
  const more = !hidden && box.scrollWidth - box.clientWidth > 1;
  const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
  const state = !more ? 'none' : atEnd ? 'end' : 'more';
  if (box.dataset.overflow !== state) box.dataset.overflow = state;
  let hint = box.previousElementSibling;
  if (!hint?.classList.contains('scroll-hint')) {
    if (!more) return;
    hint = document.createElement('p');
    hint.className = 'scroll-hint';
    hint.setAttribute('aria-hidden', 'true'); // the table itself is read in full; the hint is for the eye
    hint.dataset.testid = 'scroll-hint';
    hint.textContent = HINT;
    box.before(hint);
  }
  hint.dataset.shown = String(more);
  if (more && !box.hasAttribute('tabindex')) {
    box.tabIndex = 0;
    if (!box.hasAttribute('role')) box.setAttribute('role', 'region');
    if (!box.hasAttribute('aria-label')) box.setAttribute('aria-label', box.querySelector('caption')?.textContent || 'Table, scrolls sideways');
  }
}
