/**
 * Import boundaries of the layout, checked by `npm run boundaries` (part of `npm test`):
 * core speaks only to ports; adapters speak to ports and their SDKs; lib sees only the route table, schemas,
 * env names and the table layout.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-only-ports',
      comment:
        'core holds domain logic over ports only: no SDKs, no adapters, no runtime, no HTTP layer. ipaddr.js is the one ' +
        'library allowed: pure facts about address ranges, which the address classification should not re-derive.',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { pathNot: ['^functions/core/', '^functions/ports/', '^functions/net/', '^node_modules/ipaddr\\.js/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'ports-are-leaves',
      comment: 'ports are interfaces: they import nothing but each other and node built-ins.',
      severity: 'error',
      from: { path: '^functions/ports/' },
      to: { pathNot: ['^functions/ports/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'adapters-ports-and-sdks',
      comment: 'adapters implement ports with their SDK; they never reach into core, runtime or the API.',
      severity: 'error',
      from: { path: '^functions/adapters/' },
      to: { path: '^(functions/(core|runtime|api|worker|browser-host)|lib|bin)/' },
    },
    {
      name: 'lib-sees-declarations-only',
      comment: 'infrastructure derives from the route table, schemas, env names and the table layout; no runtime code.',
      severity: 'error',
      from: { path: '^lib/' },
      to: {
        path: '^(functions|bin)/',
        pathNot: ['^functions/api/(route|routes)\\.ts$', '^functions/api/schemas/', '^functions/config/env\\.ts$', '^functions/net/table-layout\\.ts$'],
      },
    },
    {
      name: 'handlers-stay-thin',
      comment: 'handlers parse, call core, shape: they do not talk to adapters directly.',
      severity: 'error',
      from: { path: '^functions/api/' },
      to: { path: '^functions/adapters/' },
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
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'], exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
