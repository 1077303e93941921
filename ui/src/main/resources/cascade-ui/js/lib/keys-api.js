// The admin API of virtual keys (/api/keys) and of the request log (/api/requests): every call needs the admin token
// (components/admin-token.js asks for it, and again when the gateway rejects it).
import { adminRequest, storedToken } from '../components/admin-token.js';
import { ApiError } from './api.js';

export const KEYS_PATH = '/api/keys';
const keyPath = (id) => `${KEYS_PATH}/${encodeURIComponent(id)}`;

/** [{ id, prefix, alias, owner, tiers, compare, hosted, rpm, tpm, daily_budget_usd, … status }] */
export const listKeys = () => adminRequest(KEYS_PATH, {}, 'Listing keys').then((r) => r.body.keys || []);

/** The new key with its `secret` (shown this once). */
export const createKey = (fields) => adminRequest(KEYS_PATH, { method: 'POST', body: fields }, 'Creating a key').then((r) => r.body);

/** Fields left out keep their value. */
export const updateKey = (id, fields) => adminRequest(keyPath(id), { method: 'PUT', body: fields }, 'Changing a key').then((r) => r.body);

export const revokeKey = (id) => adminRequest(keyPath(id), { method: 'DELETE' }, 'Revoking a key').then((r) => r.body);

/** The key with a new `secret` (and prefix): the old secret stops working at once. */
// An empty JSON body: the gateway's edge refuses a POST without Content-Type (415).
export const rotateKey = (id) => adminRequest(`${keyPath(id)}/rotate`, { method: 'POST', body: {} }, 'Rotating a key').then((r) => r.body);

/** { id, alias, usage: [{ day, tier, requests, prompt_tokens, completion_tokens, cost_usd }], spent_today_usd, spent_month_usd } */
export const keyUsage = (id) => adminRequest(`${keyPath(id)}/usage`, {}, 'Reading key usage').then((r) => r.body);

/** The usage CSV as the gateway writes it (GET …/usage?format=csv), with the stored admin token. */
export async function keyUsageCsv(id) {
  const token = storedToken();
  const response = await fetch(`${keyPath(id)}/usage?format=csv`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(`usage CSV: ${response.status}`, { status: response.status });
  return response.text();
}

/** { content_logged, requests: [newest first] }; filters: key (alias or prefix), route, status (429, 4xx, error), limit. */
export function listRequests({ key, route, status, limit } = {}) {
  const query = new URLSearchParams();
  if (key) query.set('key', key);
  if (route) query.set('route', route);
  if (status) query.set('status', status);
  if (limit) query.set('limit', String(limit));
  const text = query.toString();
  return adminRequest(`/api/requests${text ? `?${text}` : ''}`, {}, 'Reading the request log').then((r) => r.body);
}
