/**
 * Import boundaries of the layout, checked by `npm run boundaries` (part of `npm run check`). Imports run one way:
 *
 *   bin, composition (the roots: local service, Lambda entries, host, worker wiring)
 *     -> http (pipeline, problem rendering, local HTTP server), worker, browser-host
 *     -> api (route table, schemas, handlers, shaping, the Deps handlers get)
 *     -> observability (metrics, readiness probes, counting port wrappers)
 *     -> config (env names, settings, logs) -> core (domain) -> ports (interfaces)
 *   adapters implement ports; cdp (the CDP client), net (URLs, address ranges, tokens, table layout) and ports are
 *   leaves; lib (infrastructure) reads declarations only.
 *
 * Every folder under functions/, bin/ and lib/ has one rule naming what it may import inside the project (and, for
 * the leaves, which packages); a file in a folder no rule knows is refused by `known-folders`.
 * See docs/architecture.md.
 */
const FOLDERS = [
  'adapters',
  'api',
  'browser-host',
  'cdp',
  'composition',
  'config',
  'console',
  'core',
  'http',
  'mcp',
  'net',
  'observability',
  'ports',
  'worker',
];

/** A rule that lets `folder` import only the project folders in `allowed` (and, when `packages` is given, only those packages). */
const only = (name, folder, allowed, comment, packages) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^${folder}/` },
  to: packages
    ? {
        pathNot: [
          `^${folder}/`,
          ...allowed.map((to) => `^${to}`),
          ...packages.map((pkg) => `^node_modules/${pkg.replace('.', '\\.')}/`),
        ],
        dependencyTypesNot: ['core'],
      }
    : { path: '^(functions|bin|lib|test|bench|scripts)/', pathNot: [`^${folder}/`, ...allowed.map((to) => `^${to}`)] },
});

module.exports = {
  forbidden: [
    only(
      'ports-are-leaves',
      'functions/ports',
      [],
      'ports are interfaces: they import nothing but each other and node built-ins.',
      [],
    ),
    only(
      'net-is-a-leaf',
      'functions/net',
      [],
      'net holds facts core, host and adapters share (page URLs, address ranges, tokens, table layout): it imports nothing of the project; ipaddr.js carries the address-range facts.',
      ['ipaddr.js'],
    ),
    only(
      'cdp-is-a-leaf',
      'functions/cdp',
      [],
      'cdp is the CDP client the host and the browser adapter share: a WebSocket and the protocol, nothing of the project.',
      ['ws'],
    ),
    only(
      'core-only-ports',
      'functions/core',
      ['functions/ports/', 'functions/net/'],
      'core holds domain logic over ports only: no packages, no adapters, no HTTP; errors carry codes, not statuses.',
      [],
    ),
    only(
      'config-over-core',
      'functions/config',
      ['functions/core/', 'functions/ports/', 'functions/net/'],
      'config reads the environment into settings; it may name domain defaults from core, and nothing above it.',
    ),
    only(
      'adapters-ports-and-sdks',
      'functions/adapters',
      ['functions/ports/', 'functions/net/', 'functions/cdp/'],
      'adapters implement ports with their SDK; they never reach into core, the API, the pipeline or a root.',
    ),
    only(
      'observability-over-core',
      'functions/observability',
      ['functions/core/', 'functions/ports/', 'functions/net/', 'functions/config/'],
      'metrics, readiness probes and port wrappers that count what passes: they observe the domain and its ports, and are wired by a root.',
    ),
    only(
      'api-over-core',
      'functions/api',
      ['functions/core/', 'functions/ports/', 'functions/net/', 'functions/config/', 'functions/observability/'],
      'the route table, schemas and thin handlers: parse, call core, shape. No adapters, no pipeline, no Lambda.',
    ),
    only(
      'http-over-api',
      'functions/http',
      [
        'functions/api/',
        'functions/core/',
        'functions/ports/',
        'functions/net/',
        'functions/config/',
        'functions/observability/',
      ],
      'the HTTP pipeline runs any operation of the route table; it does not pick adapters (a root gives it deps).',
    ),
    only(
      'worker-over-api',
      'functions/worker',
      ['functions/api/', 'functions/core/', 'functions/ports/', 'functions/net/', 'functions/config/'],
      'the async worker consumes the queue with the deps a root gives it.',
    ),
    only(
      'host-over-leaves',
      'functions/browser-host',
      ['functions/ports/', 'functions/net/', 'functions/cdp/', 'functions/config/'],
      'the browser host runs Chromium for sessions; it knows ports and the shared leaves, not core or the API.',
    ),
    only(
      'mcp-is-a-door',
      'functions/mcp',
      [
        'functions/http/',
        'functions/api/',
        'functions/core/',
        'functions/ports/',
        'functions/net/',
        'functions/config/',
      ],
      "the MCP server turns tool calls into the route table's requests; a root gives it the way to run them (in process or over HTTPS).",
    ),
    only(
      'console-is-a-page',
      'functions/console',
      ['functions/core/recordings/format.ts'],
      'the console is a web page that speaks to the public API like any client (its server half only serves the built files); it shares only the recording format type with the service.',
    ),
    only(
      'composition-is-a-root',
      'functions/composition',
      ['functions/'],
      'the roots pick adapters for ports and wire doors to the route table; nothing in functions/ imports them.',
    ),
    only('bin-is-a-root', 'bin', ['functions/', 'lib/'], 'command-line entries: they start roots and infrastructure.'),
    only(
      'lib-sees-declarations-only',
      'lib',
      [
        'functions/api/route.ts',
        'functions/api/routes.ts',
        'functions/api/routes/',
        'functions/api/schemas/',
        'functions/config/env.ts',
        'functions/net/',
      ],
      'infrastructure derives from the route table, schemas, env names and the shared leaves; no runtime code.',
    ),
    {
      name: 'known-folders',
      comment: 'every folder under functions/ has a rule above: a new folder gets its own rule before it gets code.',
      severity: 'error',
      from: { path: '^functions/', pathNot: `^functions/(${FOLDERS.join('|')})/` },
      to: {},
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['cdk\\.out'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
