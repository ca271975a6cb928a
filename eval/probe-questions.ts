import type { GroundingQuestion } from './grounding-questions';

/**
 * `npm run eval -- --probe`: questions that are not the evaluation's, to check that a change to a
 * gate generalises instead of fitting the evaluation's own questions. Answerable ones say what
 * the corpus says in other words than the evaluation's questions (several ask for a limit or a
 * setting, the shape of the Kubernetes no-answer question); the others are about neighbouring
 * tools the corpus does not document, though some share words with it (a Docker memory limit,
 * Kubernetes replicas), so they are a probe, not a score: read the answers, not only the counts.
 */
export const PROBE_QUESTIONS: readonly GroundingQuestion[] = [
  // answerable from the corpus
  {
    id: 'pa-bodylimit',
    question: 'What is the largest request body fastify accepts, and how do I raise it?',
    relevant: ['fastify/Reference/Server', 'fastify/Reference/Routes'],
  },
  {
    id: 'pa-notfound',
    question: "How can I return my own 404 response for routes that don't exist in fastify?",
    relevant: ['fastify/Reference/Server', 'fastify/Reference/Reply'],
  },
  {
    id: 'pa-shared-schema',
    question: 'How do I reuse one JSON schema across several fastify routes?',
    relevant: ['fastify/Reference/Validation-and-Serialization'],
  },
  {
    id: 'pa-decorate-request',
    question: 'How do I attach a user property to every incoming request object in fastify?',
    relevant: ['fastify/Reference/Decorators'],
  },
  {
    id: 'pa-prefix',
    question: 'How can I mount all the routes of a fastify plugin under /api/v1?',
    relevant: ['fastify/Reference/Plugins', 'fastify/Reference/Routes'],
  },
  {
    id: 'pa-redirect',
    question: 'How do I send the client to another URL from a fastify handler?',
    relevant: ['fastify/Reference/Reply'],
  },
  {
    id: 'pa-level-runtime',
    question: 'Can I change how verbose pino is while the app is running?',
    relevant: ['pino/api'],
  },
  {
    id: 'pa-mixin',
    question: 'How can I add the same extra fields to every pino log entry?',
    relevant: ['pino/api', 'pino/child-loggers'],
  },
  {
    id: 'pa-serializers',
    question: 'How do I control how error objects are printed in pino logs?',
    relevant: ['pino/api'],
  },
  {
    id: 'pa-destination',
    question: 'How do I send pino output to a file path instead of the terminal?',
    relevant: ['pino/api', 'pino/transports'],
  },
  {
    id: 'pa-bodytimeout',
    question:
      'How long does undici wait for a response body before giving up, and can I change it?',
    relevant: ['undici/api/Dispatcher', 'undici/api/Client'],
  },
  {
    id: 'pa-close',
    question: 'What is the difference between closing and destroying an undici pool?',
    relevant: ['undici/api/Dispatcher', 'undici/api/Pool'],
  },
  {
    id: 'pa-global',
    question: 'How do I make every fetch in my process go through my own undici agent?',
    relevant: ['undici/api/Dispatcher', 'undici/api/GlobalInstallation'],
  },
  {
    id: 'pa-cache-memory',
    question: 'How do I limit how much memory the undici response cache uses?',
    relevant: ['undici/api/CacheStore'],
  },
  {
    id: 'pa-interceptor',
    question: 'How do I add an interceptor to an undici dispatcher?',
    relevant: ['undici/api/Dispatcher'],
  },
  {
    id: 'pa-reply-header',
    question: 'How do I add a custom header to every reply in Fastify?',
    relevant: ['fastify/Reference/Reply', 'fastify/Reference/Hooks'],
  },
  {
    id: 'pa-iso-time',
    question: 'How can I make pino print the time as an ISO string instead of epoch milliseconds?',
    relevant: ['pino/api'],
  },
  {
    id: 'pa-idle-socket',
    question: 'How long does undici keep an idle socket open, and how do I shorten that?',
    relevant: ['undici/api/Client', 'undici/api/Pool'],
  },
  // about neighbouring tools the corpus does not document
  {
    id: 'po-flask',
    question: 'How do I read query string arguments in a Flask view?',
    relevant: [],
  },
  {
    id: 'po-dockerfile',
    question: 'How do I cut the size of my Docker image with a multi-stage Dockerfile?',
    relevant: [],
  },
  {
    id: 'po-tokio',
    question: 'How do I spawn a background task with tokio and wait for it?',
    relevant: [],
  },
  {
    id: 'po-sqlalchemy',
    question: 'How do I configure the connection pool size of a SQLAlchemy engine?',
    relevant: [],
  },
  {
    id: 'po-nginx',
    question: 'How do I configure nginx as a reverse proxy in front of a Node app?',
    relevant: [],
  },
  { id: 'po-jest', question: 'How do I mock an ES module with jest?', relevant: [] },
  {
    id: 'po-express-order',
    question: 'In what order does Express run middleware added with app.use?',
    relevant: [],
  },
  {
    id: 'po-redis-evict',
    question: 'Which eviction policy should Redis use when it reaches maxmemory?',
    relevant: [],
  },
  {
    id: 'po-docker-memory',
    question: 'How do I limit the memory a Docker container can use?',
    relevant: [],
  },
  { id: 'po-jvm-heap', question: 'How do I set the maximum heap size of the JVM?', relevant: [] },
  { id: 'po-axios-timeout', question: 'How do I set a request timeout in axios?', relevant: [] },
  {
    id: 'po-systemd',
    question: 'How do I make systemd restart my Node service when it crashes?',
    relevant: [],
  },
  {
    id: 'po-k8s-replicas',
    question: 'How do I change the number of replicas of a Kubernetes deployment?',
    relevant: [],
  },
  {
    id: 'po-react-state',
    question: 'How do I share state between two sibling React components?',
    relevant: [],
  },
];
