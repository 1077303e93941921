// An agent loop with the official OpenAI client for Node: the model calls get_weather, the script runs the tool itself,
// sends the result back as a tool turn and prints the model's answer. Streamed first turn, to read the call's deltas
// the way the client assembles them.
// Usage: node agent-loop.mjs BASE_URL; prints one JSON object with what it saw (OpenAiNodeClientIT asserts on it).
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: process.argv[2], apiKey: 'not-needed', maxRetries: 0 });
const tools = [{
  type: 'function',
  function: {
    name: 'get_weather', description: 'Current weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
}];
// The local tool: what a real agent would fetch from a weather service.
const getWeather = ({ city }) => ({ city, condition: 'sunny', temperature_c: 22 });
const messages = [{ role: 'user', content: 'What is the weather like in Lisbon?' }];
const seen = {};

// Turn 1, streamed: the client's helper assembles the tool_calls deltas into the final message.
const stream = client.chat.completions.stream({ model: 'auto', messages, tools, max_tokens: 80 });
const called = await stream.finalChatCompletion();
const call = called.choices[0].message.tool_calls?.[0];
seen.call = {
  finishReason: called.choices[0].finish_reason, id: call?.id, name: call?.function?.name,
  arguments: call ? JSON.parse(call.function.arguments) : null,
};

// Run the tool locally and send its result.
messages.push(called.choices[0].message);
messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(getWeather(JSON.parse(call.function.arguments))) });

// Turn 2, not streamed: the model answers in text.
const answered = await client.chat.completions.create({ model: 'auto', messages, tools, max_tokens: 80 });
seen.answer = {
  finishReason: answered.choices[0].finish_reason, text: answered.choices[0].message.content,
  toolCalls: answered.choices[0].message.tool_calls?.length ?? 0, route: answered.cascade?.route,
};
console.log(JSON.stringify(seen));
