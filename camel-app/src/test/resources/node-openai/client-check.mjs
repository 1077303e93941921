// Drives the gateway with the official OpenAI client for Node: a JSON-schema answer, a stream, a refused field, embeddings.
// Usage: node client-check.mjs BASE_URL; prints one JSON object with what it saw (OpenAiNodeClientIT asserts on it).
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: process.argv[2], apiKey: 'not-needed', maxRetries: 0 });
const messages = [{ role: 'user', content: 'How are you today?' }];
const schema = {
  type: 'object', properties: { ok: { type: 'boolean' }, mood: { enum: ['calm', 'busy'] } },
  required: ['ok', 'mood'], additionalProperties: false,
};
const seen = {};

const json = await client.chat.completions.create({
  model: 'small', messages, max_tokens: 64, seed: 3, temperature: 0.7, user: 'node-client',
  response_format: { type: 'json_schema', json_schema: { name: 'status', schema, strict: true } },
});
seen.json = JSON.parse(json.choices[0].message.content);

const stream = await client.chat.completions.create({
  model: 'auto', messages, max_tokens: 8, stream: true, stream_options: { include_usage: true },
});
let text = '';
for await (const chunk of stream) {
  text += chunk.choices[0]?.delta?.content ?? '';
  if (chunk.usage) seen.streamUsage = chunk.usage.completion_tokens;
}
seen.streamText = text;

try {
  await client.chat.completions.create({
    model: 'auto', messages, max_tokens: 4,
    tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }],
  });
  seen.tools = { status: 200 };
} catch (e) {
  seen.tools = { status: e.status, code: e.code, param: e.param, message: e.message };
}
// The client asks for base64 by default and decodes it to floats itself: our encoding, read by the official decoder.
const embedded = await client.embeddings.create({ model: 'embeddings', input: ['The cat sat.', 'Revenue grew.'] });
const vector = embedded.data[0].embedding;
seen.embeddings = {
  count: embedded.data.length, dims: vector.length, norm: Math.sqrt(vector.reduce((s, v) => s + v * v, 0)),
  promptTokens: embedded.usage.prompt_tokens,
};
console.log(JSON.stringify(seen));
