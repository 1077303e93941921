// The acceptance stage's chat step (.ci/acceptance.sh): what a new user's first program does with the official OpenAI
// client for Node — one answer as JSON, one streamed — against the gateway at BASE_URL.
// Usage: node acceptance-chat.mjs BASE_URL (with the openai package installed beside this file).
// Prints one line of figures and exits 0, or prints what was wrong and exits 1.
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: process.argv[2], apiKey: 'not-needed', maxRetries: 0, timeout: 120_000 });
const problems = [];

// Not streamed: the README's "Try it" prompt.
const { data: answer, response } = await client.chat.completions.create({
  model: 'auto', max_tokens: 32,
  messages: [{ role: 'user', content: 'Write a Python function that reverses a string.' }],
}).withResponse();
const content = answer.choices?.[0]?.message?.content ?? '';
if (!content.trim()) problems.push(`the answer has no content: ${JSON.stringify(answer).slice(0, 500)}`);
if (!answer.choices?.[0]?.finish_reason) problems.push('the answer has no finish_reason');
const route = response.headers.get('x-cascade-route') ?? answer.cascade?.route;

// Streamed, with usage: ends with a finish_reason, then the usage chunk, then [DONE] (the client's loop ends there).
const stream = await client.chat.completions.create({
  model: 'auto', max_tokens: 16, stream: true, stream_options: { include_usage: true },
  messages: [{ role: 'user', content: 'What is the capital of France?' }],
});
let text = '';
let chunks = 0;
let finish = null;
let usage = null;
for await (const chunk of stream) {
  chunks++;
  text += chunk.choices?.[0]?.delta?.content ?? '';
  finish = chunk.choices?.[0]?.finish_reason ?? finish;
  usage = chunk.usage ?? usage;
}
if (!text.trim()) problems.push(`the stream carried no content (${chunks} chunks)`);
if (!finish) problems.push(`the stream ended without a finish_reason (${chunks} chunks)`);
if (!usage) problems.push(`the stream ended without its usage chunk (${chunks} chunks)`);

if (problems.length) {
  console.log(problems.join('; '));
  process.exit(1);
}
console.log(`JSON: ${answer.usage?.completion_tokens} tokens via route ${route}, finish ${answer.choices[0].finish_reason};`
  + ` stream: ${chunks} chunks, ${usage.completion_tokens} tokens, finish ${finish}`);
