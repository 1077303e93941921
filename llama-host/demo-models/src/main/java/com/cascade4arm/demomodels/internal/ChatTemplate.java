package com.cascade4arm.demomodels.internal;

/** The ChatML chat template of Qwen2.5 (tools omitted), stored as tokenizer.chat_template. */
final class ChatTemplate {
    static final String DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant.";
    static final String QWEN25_CHATML = ""
            + "{%- if messages[0]['role'] == 'system' %}"
            + "{{- '<|im_start|>system\\n' + messages[0]['content'] + '<|im_end|>\\n' }}"
            + "{%- else %}"
            + "{{- '<|im_start|>system\\n" + DEFAULT_SYSTEM_PROMPT + "<|im_end|>\\n' }}"
            + "{%- endif %}"
            + "{%- for message in messages %}"
            + "{%- if not (message['role'] == 'system' and loop.first) %}"
            + "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
            + "{%- endif %}"
            + "{%- endfor %}"
            + "{%- if add_generation_prompt %}"
            + "{{- '<|im_start|>assistant\\n' }}"
            + "{%- endif %}\n";

    private ChatTemplate() {
    }
}
