// Console shell: accessible tabs whose state lives in the URL hash, each tab a lazily mounted module,
// the header health indicator and the admin-token button.
import * as compare from './tabs/compare.js';
import * as benchmark from './tabs/benchmark.js';
import * as rules from './tabs/rules.js';
import * as keys from './tabs/keys.js';
import * as requests from './tabs/requests.js';
import { HealthIndicator } from './components/health-indicator.js';
import { manageToken, onTokenChange } from './components/admin-token.js';
import { showDemoNotice } from './components/orientation.js';
import { watchScrollCues } from './lib/scroll-cue.js';

const TABS = [compare, benchmark, rules, keys, requests];
const DEFAULT_TAB = compare.id;

const tabButtons = [...document.querySelectorAll('[role="tab"]')];
const mounted = new Set();

/** "#rules?rule=x" → the tab id and its parameters (a link into a tab, e.g. from a request's explanation). */
function hashParts() {
  const [tab, query = ''] = location.hash.replace(/^#\/?/, '').split('?');
  return { wanted: decodeURIComponent(tab), params: new URLSearchParams(query) };
}

function tabFromHash() {
  const { wanted } = hashParts();
  return TABS.some((t) => t.id === wanted) ? wanted : DEFAULT_TAB;
}

/** Shows the hash's tab and hands it the hash's parameters, if any and if it takes them. */
function showFromHash() {
  const tabId = tabFromHash();
  show(tabId);
  const { params } = hashParts();
  if ([...params.keys()].length) TABS.find((t) => t.id === tabId).reveal?.(params);
}

function show(tabId, { focus = false } = {}) {
  for (const button of tabButtons) {
    const selected = button.dataset.tab === tabId;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    if (selected && focus) button.focus();
  }
  for (const tab of TABS) {
    const panel = document.getElementById(`panel-${tab.id}`);
    panel.hidden = tab.id !== tabId;
    if (tab.id === tabId && !mounted.has(tab.id)) {
      tab.mount(panel);
      mounted.add(tab.id);
    }
  }
  document.body.dataset.tab = tabId;
  document.title = `${tabButtons.find((b) => b.dataset.tab === tabId).textContent} · Cascade4Arm`;
}

function select(tabId, options) {
  if (location.hash !== `#${tabId}`) history.pushState(null, '', `#${tabId}`);
  show(tabId, options);
}

/** WAI-ARIA tabs keyboard model: arrows move and activate, Home/End jump. */
function onTabKey(event) {
  const index = tabButtons.indexOf(event.currentTarget);
  const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabButtons.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const next = tabButtons[(moves[event.key] + tabButtons.length) % tabButtons.length];
  select(next.dataset.tab, { focus: true });
}

for (const button of tabButtons) {
  button.addEventListener('click', () => select(button.dataset.tab));
  button.addEventListener('keydown', onTabKey);
}
window.addEventListener('hashchange', showFromHash);
window.addEventListener('popstate', showFromHash);

// The sticky header's height (it wraps on phones): scrolled-to results and focused controls stay below it (usability.css).
const header = document.querySelector('.app-header');
const measureHeader = () => document.documentElement.style.setProperty('--header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
new ResizeObserver(measureHeader).observe(header);
measureHeader();
watchScrollCues(document.getElementById('main'));

// Asked first and awaited before the page reports ready: the notice arrives before anyone can act on the layout.
const demoNotice = showDemoNotice(document.getElementById('intro-notices'));
showFromHash();
new HealthIndicator(document.getElementById('health')).start();

const adminButton = document.getElementById('admin-button');
adminButton.addEventListener('click', () => manageToken());
onTokenChange((hasToken) => {
  adminButton.dataset.token = String(hasToken);
  adminButton.querySelector('[data-testid="admin-button-label"]').textContent = hasToken ? 'Admin token set' : 'Admin token';
});
await demoNotice;
document.body.dataset.ready = 'true';
