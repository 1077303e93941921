// Shared layout for tabs that are announced but not built yet: what the tab will do and which API it will use.
// Nothing here pretends to work — each item says whether its API exists in this build.
import { el } from '../lib/dom.js';

/**
 * spec: { title, lead, steps: [string], apis: [{ method, path?, purpose, available }], note }
 * An API without a path is one the gateway does not define yet: it is shown as such, not with an invented URL.
 */
export function renderPlan(spec) {
  return el('div', { class: 'plan' },
    el('section', { class: 'card plan__card' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, spec.title),
          el('span', { class: 'pill pill--muted', 'data-testid': 'plan-status' }, 'Coming in a later round'))),
      el('p', { class: 'plan__lead' }, spec.lead),
      el('h3', { class: 'plan__subtitle' }, 'What it will do'),
      el('ol', { class: 'plan__steps' }, spec.steps.map((step) => el('li', {}, step))),
      el('h3', { class: 'plan__subtitle' }, 'API it will use'),
      el('table', { class: 'kv-table plan__apis' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Call'), el('th', { scope: 'col' }, 'Purpose'), el('th', { scope: 'col' }, 'API in this build'))),
        el('tbody', {}, spec.apis.map((api) => el('tr', {},
          el('td', {}, api.path ? el('code', {}, `${api.method} ${api.path}`)
            : [el('code', {}, api.method), ' ', el('span', { class: 'muted' }, 'path not defined yet')]),
          el('td', {}, api.purpose),
          el('td', {}, el('span', { class: `pill ${api.available ? 'pill--ok' : 'pill--muted'}` }, api.available ? 'available' : 'planned')))))),
      spec.note && el('p', { class: 'plan__note muted' }, spec.note)));
}
