// Orientation for a first-time user: the page heading says what the product is, and in embedded mode a dismissible
// notice says the models are generated demos (canned answers that may miss the question, next to real timings, are
// expected, not a broken product).
import { el } from '../lib/dom.js';

/** Where the gateway says how it is set up (served next to the console by camel-app). */
export const SETUP_PATH = '/console-setup.json';
/** Longest the page waits for the setup before going on without the notice. */
const SETUP_TIMEOUT_MS = 3000;
const DISMISSED_KEY = 'cascade4arm.demoNoticeDismissed';

function dismissed() {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false; // storage disabled: the notice shows on every load
  }
}

function rememberDismissed() {
  try {
    localStorage.setItem(DISMISSED_KEY, 'true');
  } catch {
    // storage disabled
  }
}

/** Shows the demo-models notice in `host` when the gateway runs the embedded demo models and the user has not dismissed it. */
export async function showDemoNotice(host) {
  let setup;
  try {
    const response = await fetch(SETUP_PATH, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(SETUP_TIMEOUT_MS) });
    if (!response.ok) return;
    setup = await response.json();
  } catch {
    return; // no setup (e.g. the console served without its gateway): nothing to say
  }
  if (!setup.demo_models || dismissed()) return;
  const notice = el('div', { class: 'demo-notice', role: 'note', 'aria-labelledby': 'demo-notice-title', 'data-testid': 'demo-notice' },
    el('p', { class: 'demo-notice__text' },
      el('strong', { id: 'demo-notice-title' }, 'Demo models'),
      ' — the text is synthetic, the timings and routing are real. ',
      el('span', { class: 'demo-notice__more' }, 'No model weights were configured, so the gateway generated small '
        + 'deterministic models and runs them on real llama.cpp: each recites a fluent, hand-written answer picked by the '
        + 'prompt\'s topic words, so it may not answer what you asked, while TTFT, tokens per second, '
        + 'cost, draft acceptance and every routing decision are measured for real. Point CASCADE_SMALL_URLS, '
        + 'CASCADE_LARGE_URLS and CASCADE_BASELINE_URL at real llama-server endpoints for real answers.')),
    el('button', { type: 'button', class: 'button demo-notice__dismiss', 'data-testid': 'demo-notice-dismiss',
      on: { click: () => { rememberDismissed(); notice.remove(); } } }, 'Dismiss'));
  host.append(notice);
}
