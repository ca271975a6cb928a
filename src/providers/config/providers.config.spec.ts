import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigValidationError } from '../../common/config/config-validation.error';
import { validateEnv } from '../../common/config/validate-env';
import { providerIdFor } from './provider-id';
import { ProvidersEnv, resolveProviders } from './providers.config';

const dir = mkdtempSync(join(tmpdir(), 'quarry-providers-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const resolve = (env: Record<string, string>) => resolveProviders(validateEnv(ProvidersEnv, env));

describe('resolveProviders', () => {
  it('reads a YAML file, expands ${VARS}, applies presets, derives stable v5 ids', () => {
    const path = file(
      'providers.yaml',
      [
        '- type: openai',
        '  name: My vLLM',
        '  config: { preset: vllm, apiKey: "${VLLM_KEY}" }',
        '  chatModels: [llama-3-8b, { key: qwen2, name: Qwen Two }]',
        '- id: 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        '  type: ollama',
        '  name: Box',
        '  config: { baseURL: "http://box:11434" }',
      ].join('\n'),
    );
    process.env.VLLM_KEY = 'secret';
    const specs = resolve({ PROVIDERS_FILE: path });
    delete process.env.VLLM_KEY;
    expect(specs.map((s) => [s.id, s.name])).toEqual([
      [providerIdFor('openai', 'My vLLM'), 'My vLLM'],
      ['3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'Box'],
      [providerIdFor('builtin', 'Built-in (offline)'), 'Built-in (offline)'],
    ]);
    expect(specs[0].config).toEqual({ apiKey: 'secret', baseURL: 'http://localhost:8000/v1' });
    expect(specs[0].chatModels).toEqual([
      { key: 'llama-3-8b', name: 'Llama 3 8b' },
      { key: 'qwen2', name: 'Qwen Two' },
    ]);
    expect(providerIdFor('openai', 'My vLLM')).toBe(providerIdFor('openai', 'My vLLM'));
  });

  it('adds environment shortcuts and can turn the built-in provider off', () => {
    const specs = resolve({
      GROQ_API_KEY: 'g',
      OLLAMA_BASE_URL: 'http://localhost:11434',
      BUILTIN_PROVIDER: 'false',
    });
    expect(specs.map((s) => [s.type, s.name, s.config.baseURL])).toEqual([
      ['ollama', 'Ollama', 'http://localhost:11434'],
      ['openai', 'Groq', 'https://api.groq.com/openai/v1'],
    ]);
  });

  it.each([
    [
      '[{ "type": "mistral", "name": "X" }]',
      /providers\.json: entry 1 \("X"\): field "type": must be one of/,
    ],
    ['[{ "type": "openai" }]', /entry 1: field "name": must be a non-empty string/],
    [
      '[{ "type": "openai", "name": "A", "config": { "baseURL": "ftp://x" } }]',
      /entry 1 \("A"\): field "config.baseURL": must be an http\(s\) URL/,
    ],
    [
      '[{ "type": "openai", "name": "A", "config": { "apiKey": "${NOPE_UNSET}" } }]',
      /field "config.apiKey": environment variable NOPE_UNSET is not set/,
    ],
    ['[{ "type": "openai", "name": "A", "id": "nope" }]', /field "id": must be a UUID/],
    ['[{ "type": "openai", "name": "A", "chatModels": [3] }]', /field "chatModels\[0\]"/],
    ['{ "oops": 1 }', /expected a list of providers/],
    [
      '[{ "type": "openai", "name": "A" }, { "type": "openai", "name": "A" }]',
      /duplicate provider id .*entry 1 .*entry 2/,
    ],
  ])('stops start-up on %s naming file, entry and field', (text, message) => {
    const path = file('providers.json', text);
    expect(() => resolve({ PROVIDERS_FILE: path })).toThrow(ConfigValidationError);
    expect(() => resolve({ PROVIDERS_FILE: path })).toThrow(message);
  });

  it('names the file when it cannot be read or parsed', () => {
    expect(() => resolve({ PROVIDERS_FILE: join(dir, 'missing.yaml') })).toThrow(
      /PROVIDERS_FILE .*missing\.yaml: cannot read/,
    );
    expect(() => resolve({ PROVIDERS_FILE: file('bad.yaml', 'a: [unclosed') })).toThrow(
      /bad\.yaml: not valid YAML\/JSON/,
    );
  });
});
