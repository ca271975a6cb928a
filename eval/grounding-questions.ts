/**
 * The evaluation's questions, phrased the way developers ask them, over the corpus of
 * eval/corpus (fastify, pino and undici documentation). `relevant` lists the documents that
 * answer the question (judged by reading them); `evidence` is a phrase found in the first of
 * them, checked when the corpus is built so that a package upgrade that moves the answer fails
 * loudly instead of silently skewing the numbers. Questions with `relevant: []` have no answer
 * in the corpus: the right reply is to say nothing was found.
 */
export interface GroundingQuestion {
  readonly id: string;
  readonly question: string;
  /** Earlier turns, oldest first, for follow-up questions. */
  readonly history?: ReadonlyArray<readonly ['human' | 'assistant', string]>;
  readonly relevant: readonly string[];
  readonly evidence?: RegExp;
}

export const GROUNDING_QUESTIONS: readonly GroundingQuestion[] = [
  // fastify
  {
    id: 'fy-hooks',
    question: 'How do I run some code before every request handler in Fastify?',
    relevant: ['fastify/Reference/Hooks', 'fastify/Reference/Lifecycle'],
    evidence: /preHandler/,
  },
  {
    id: 'fy-validate',
    question: 'how to validate the request body with a JSON schema in fastify',
    relevant: ['fastify/Reference/Validation-and-Serialization', 'fastify/Reference/Routes'],
    evidence: /schema/,
  },
  {
    id: 'fy-encapsulation',
    question: "Why can't my sibling plugin see the decorator I added in another plugin?",
    relevant: [
      'fastify/Reference/Encapsulation',
      'fastify/Guides/Plugins-Guide',
      'fastify/Reference/Plugins',
    ],
    evidence: /fastify-plugin/,
  },
  {
    id: 'fy-abort',
    question: 'How can I tell that the client aborted the request before my handler finished?',
    relevant: ['fastify/Guides/Detecting-When-Clients-Abort'],
    evidence: /aborted/,
  },
  {
    id: 'fy-delay',
    question: 'Can fastify wait until my app has loaded its data before accepting requests?',
    relevant: ['fastify/Guides/Delay-Accepting-Requests'],
    evidence: /accept/,
  },
  {
    id: 'fy-inject',
    question: 'How do I test my Fastify routes without starting an HTTP server?',
    relevant: ['fastify/Guides/Testing'],
    evidence: /inject/,
  },
  {
    id: 'fy-ctp',
    question: 'How do I accept text/plain or a custom content type in the request body?',
    relevant: ['fastify/Reference/ContentTypeParser'],
    evidence: /addContentTypeParser/,
  },
  {
    id: 'fy-errorhandler',
    question: 'how do I set a custom error handler in fastify',
    relevant: ['fastify/Reference/Server', 'fastify/Reference/Errors', 'fastify/Reference/Reply'],
    evidence: /setErrorHandler/,
  },
  {
    id: 'fy-trustproxy',
    question:
      'Fastify behind a load balancer shows the proxy IP instead of the client IP, how do I fix it?',
    relevant: ['fastify/Reference/Server', 'fastify/Reference/Request'],
    evidence: /trustProxy/,
  },
  {
    id: 'fy-lambda',
    question: 'How do I deploy a Fastify app to AWS Lambda?',
    relevant: ['fastify/Guides/Serverless'],
    evidence: /aws-lambda-fastify|@fastify\/aws-lambda/,
  },
  {
    id: 'fy-v5',
    question: 'What breaks when I upgrade from Fastify 4 to Fastify 5?',
    relevant: ['fastify/Guides/Migration-Guide-V5'],
    evidence: /Breaking Changes/,
  },
  {
    id: 'fy-http2',
    question: 'How do I enable HTTP/2 in fastify?',
    relevant: ['fastify/Reference/HTTP2'],
    evidence: /http2: true/,
  },
  {
    id: 'fy-middleware',
    question: 'Can I use Express middleware with Fastify?',
    relevant: ['fastify/Reference/Middleware'],
    evidence: /@fastify\/express/,
  },
  {
    id: 'fy-route-loglevel',
    question: 'how to change the log level for just one route in fastify',
    relevant: ['fastify/Reference/Routes', 'fastify/Reference/Logging'],
    evidence: /logLevel/,
  },
  {
    id: 'fy-stream',
    question: 'How do I send a file stream as the response in Fastify?',
    relevant: ['fastify/Reference/Reply'],
    evidence: /stream/i,
  },
  {
    id: 'fy-proto',
    question: 'What is prototype poisoning and how does Fastify protect against it?',
    relevant: ['fastify/Guides/Prototype-Poisoning'],
    evidence: /__proto__/,
  },
  {
    id: 'fy-typeprovider',
    question: 'How do I get TypeScript types inferred from my JSON schemas in Fastify?',
    relevant: ['fastify/Reference/Type-Providers', 'fastify/Reference/TypeScript'],
    evidence: /TypeBox|json-schema-to-ts/,
  },
  {
    id: 'fy-params',
    question: 'How do I declare a route with a URL parameter like /user/:id?',
    relevant: ['fastify/Reference/Routes'],
    evidence: /:id/,
  },
  {
    id: 'fy-lts',
    question: 'How long is each Fastify major version supported?',
    relevant: ['fastify/Reference/LTS'],
    evidence: /months/,
  },
  {
    id: 'fy-write-plugin',
    question: 'What should I follow when writing and publishing a Fastify plugin?',
    relevant: [
      'fastify/Guides/Write-Plugin',
      'fastify/Guides/Plugins-Guide',
      'fastify/Reference/Plugins',
    ],
    evidence: /plugin/,
  },
  {
    id: 'fy-database',
    question: 'How do I connect Fastify to a database like Postgres or MongoDB?',
    relevant: ['fastify/Guides/Database'],
    evidence: /@fastify\/postgres/,
  },
  {
    id: 'fy-bench',
    question: 'How should I benchmark my Fastify application?',
    relevant: ['fastify/Guides/Benchmarking'],
    evidence: /autocannon/,
  },
  {
    id: 'fy-close',
    question: 'In what order does fastify run onClose hooks when the server shuts down?',
    relevant: [
      'fastify/Reference/Lifecycle',
      'fastify/Reference/Hooks',
      'fastify/Reference/Server',
    ],
    evidence: /onClose/,
  },
  {
    id: 'fy-err-code',
    question: 'What does the error FST_ERR_CTP_INVALID_MEDIA_TYPE mean?',
    relevant: ['fastify/Reference/Errors'],
    evidence: /FST_ERR_CTP_INVALID_MEDIA_TYPE/,
  },
  // pino
  {
    id: 'pn-redact',
    question: 'How do I hide passwords and tokens from my pino logs?',
    relevant: ['pino/redaction', 'pino/api'],
    evidence: /redact/,
  },
  {
    id: 'pn-child',
    question: 'How do I add a request id to every log line with a pino child logger?',
    relevant: ['pino/child-loggers', 'pino/api'],
    evidence: /child/,
  },
  {
    id: 'pn-pretty',
    question: 'how to get readable pretty logs from pino during development',
    relevant: ['pino/pretty'],
    evidence: /pino-pretty/,
  },
  {
    id: 'pn-multi',
    question: 'How can pino write logs to a file and to stdout at the same time?',
    relevant: ['pino/transports', 'pino/api', 'pino/help'],
    evidence: /targets/,
  },
  {
    id: 'pn-rotate',
    question: 'How do I rotate pino log files?',
    relevant: ['pino/help'],
    evidence: /logrotate/,
  },
  {
    id: 'pn-async',
    question: 'Can I lose log lines if the process crashes when pino logs asynchronously?',
    relevant: ['pino/asynchronous'],
    evidence: /lost|lose/,
  },
  {
    id: 'pn-browser',
    question: 'Does pino work in the browser?',
    relevant: ['pino/browser'],
    evidence: /browser/,
  },
  {
    id: 'pn-bundle',
    question: 'How do I bundle an app that uses pino transports with esbuild or webpack?',
    relevant: ['pino/bundling'],
    evidence: /esbuild/,
  },
  {
    id: 'pn-express',
    question: 'How do I use pino as the logger of an Express app?',
    relevant: ['pino/web'],
    evidence: /pino-http/,
  },
  {
    id: 'pn-levels',
    question: 'How do I print log levels as labels like "info" instead of numbers in pino?',
    relevant: ['pino/help', 'pino/api'],
    evidence: /formatters/,
  },
  // undici
  {
    id: 'un-retry',
    question: 'How do I automatically retry failed HTTP requests with undici?',
    relevant: ['undici/api/RetryAgent', 'undici/api/RetryHandler'],
    evidence: /RetryAgent/,
  },
  {
    id: 'un-mock',
    question: 'How do I mock HTTP requests in my tests when using undici?',
    relevant: [
      'undici/api/MockAgent',
      'undici/best-practices/mocking-request',
      'undici/api/MockPool',
    ],
    evidence: /MockAgent/,
  },
  {
    id: 'un-proxy',
    question: 'How do I make undici requests go through an HTTP proxy?',
    relevant: [
      'undici/api/ProxyAgent',
      'undici/best-practices/proxy',
      'undici/api/EnvHttpProxyAgent',
    ],
    evidence: /ProxyAgent/,
  },
  {
    id: 'un-pool',
    question: 'How do I limit the number of connections undici opens to one origin?',
    relevant: ['undici/api/Pool', 'undici/api/Agent'],
    evidence: /connections/,
  },
  {
    id: 'un-cert',
    question: 'How do I send a client certificate for mutual TLS with undici?',
    relevant: ['undici/best-practices/client-certificate'],
    evidence: /cert/,
  },
  {
    id: 'un-ws',
    question: 'Is there a WebSocket client in undici and how do I use it?',
    relevant: ['undici/api/WebSocket'],
    evidence: /new WebSocket/,
  },
  {
    id: 'un-cache',
    question: 'How do I cache HTTP responses in undici?',
    relevant: ['undici/api/CacheStore', 'undici/api/Dispatcher'],
    evidence: /MemoryCacheStore/,
  },
  {
    id: 'un-vs-fetch',
    question: 'Should I install undici or just use the fetch built into Node.js?',
    relevant: ['undici/best-practices/undici-vs-builtin-fetch', 'undici/api/GlobalInstallation'],
    evidence: /built-in/i,
  },
  {
    id: 'un-sse',
    question: 'How do I consume server-sent events from Node.js?',
    relevant: ['undici/api/EventSource'],
    evidence: /EventSource/,
  },
  {
    id: 'un-diag',
    question: 'Which diagnostics channel events does undici publish for requests?',
    relevant: ['undici/api/DiagnosticsChannel'],
    evidence: /undici:request:create/,
  },
  {
    id: 'un-cookies',
    question: 'How do I read the Set-Cookie headers of a response with undici?',
    relevant: ['undici/api/Cookies'],
    evidence: /getSetCookies/,
  },
  {
    id: 'un-socks',
    question: 'Can undici connect through a SOCKS5 proxy?',
    relevant: ['undici/api/Socks5ProxyAgent'],
    evidence: /SOCKS5/,
  },
  {
    id: 'un-balance',
    question: 'How do I spread requests across several upstream servers with undici?',
    relevant: ['undici/api/BalancedPool', 'undici/api/RoundRobinPool'],
    evidence: /upstream/,
  },
  {
    id: 'un-headers-timeout',
    question: 'What does UND_ERR_HEADERS_TIMEOUT mean and how do I raise the limit?',
    relevant: ['undici/api/Errors', 'undici/api/Client'],
    evidence: /HeadersTimeoutError/,
  },
  {
    id: 'un-snapshot',
    question: 'How can I record real HTTP responses and replay them in tests?',
    relevant: ['undici/api/SnapshotAgent'],
    evidence: /record/,
  },
  // follow-ups: the question only makes sense with the conversation before it
  {
    id: 'fu-redact-remove',
    history: [
      ['human', 'How do I hide passwords from my pino logs?'],
      [
        'assistant',
        'Use the redact option with the paths of the keys to hide; their values are replaced with [Redacted].',
      ],
    ],
    question: 'Can I remove the key completely instead of replacing its value?',
    relevant: ['pino/redaction', 'pino/api'],
    evidence: /remove/,
  },
  {
    id: 'fu-mock-netconnect',
    history: [
      ['human', 'How do I mock HTTP requests in tests with undici?'],
      [
        'assistant',
        'Create a MockAgent, set it as the global dispatcher and intercept the requests you expect.',
      ],
    ],
    question: 'And how do I make sure no real network request slips through?',
    relevant: ['undici/api/MockAgent', 'undici/best-practices/mocking-request'],
    evidence: /disableNetConnect/,
  },
  {
    id: 'fu-hooks-response',
    history: [
      ['human', 'Which Fastify hook runs before the route handler?'],
      ['assistant', 'preHandler runs right before the handler; onRequest runs first of all.'],
    ],
    question: 'And which one runs after the response has been sent?',
    relevant: ['fastify/Reference/Hooks', 'fastify/Reference/Lifecycle'],
    evidence: /onResponse/,
  },
  // no answer in the corpus
  { id: 'na-git', question: 'How do I rebase my feature branch onto main in git?', relevant: [] },
  {
    id: 'na-ibuprofen',
    question: 'What is the maximum daily dose of ibuprofen for adults?',
    relevant: [],
  },
  {
    id: 'na-flexbox',
    question: 'How do I center a div vertically with CSS flexbox?',
    relevant: [],
  },
  {
    id: 'na-pytorch',
    question: 'How do I train a convolutional neural network in PyTorch?',
    relevant: [],
  },
  { id: 'na-k8s', question: 'How do I set memory limits for a pod in Kubernetes?', relevant: [] },
  { id: 'na-django', question: 'How do I roll back a database migration in Django?', relevant: [] },
];
