const UPPER = new Set(['gpt', 'llm', 'ai', 'gguf', 'awq', 'gptq', 'fp16', 'fp8', 'bf16', 'api']);

/** "gpt-4o-mini" -> "GPT 4o Mini", "llama3.1:8b" -> "Llama3.1 8b", "models/gemini-pro" -> "Gemini Pro". */
export function displayNameFor(key: string): string {
  const base = key.includes('/') ? key.slice(key.lastIndexOf('/') + 1) : key;
  return base
    .split(/[-_:\s]+/)
    .filter((word) => word.length > 0)
    .map((word) =>
      UPPER.has(word.toLowerCase())
        ? word.toUpperCase()
        : /^[a-z]/.test(word)
          ? word[0].toUpperCase() + word.slice(1)
          : word,
    )
    .join(' ');
}
