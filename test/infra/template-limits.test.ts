/**
 * CloudFormation's per-template limits, with headroom: the app is synthesized as `cdk synth` writes it and every
 * template (the stack and each nested stack) must stay under 80 % of each limit, so a few more routes, alarms or
 * options never turn into a failed deploy. The figures are printed, to see how close the next change comes.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionHostStack, type SessionHostStackProps } from '../../lib/stack.js';
import { unbundledApp } from './support.js';

/** CloudFormation quotas (not adjustable); a template over 51,200 bytes goes through S3, as CDK deploys it. */
const limits = { resources: 500, outputs: 200, parameters: 200, mappings: 200, bytes: 1_048_576 } as const;
const headroom = 0.8;

type Figures = Record<keyof typeof limits, number>;

const synthesizedTemplates = (props: SessionHostStackProps): Map<string, Figures> => {
  // The CLI adds a CDKMetadata resource to every template; count it as a deploy would carry it.
  const app = unbundledApp({ context: { 'aws:cdk:version-reporting': true } });
  new SessionHostStack(app, 'SessionHost', props);
  const { directory } = app.synth();
  const figures = new Map<string, Figures>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.template.json'))) {
    const path = join(directory, file);
    const template = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const count = (section: string) => Object.keys(template[section] ?? {}).length;
    figures.set(file, {
      resources: count('Resources'),
      outputs: count('Outputs'),
      parameters: count('Parameters'),
      mappings: count('Mappings'),
      bytes: statSync(path).size,
    });
  }
  return figures;
};

const overHeadroom = (figures: Map<string, Figures>): string[] =>
  [...figures].flatMap(([file, figure]) =>
    (Object.keys(limits) as (keyof typeof limits)[])
      .filter((limit) => figure[limit] > limits[limit] * headroom)
      .map((limit) => `${file}: ${limit} ${figure[limit]} of ${limits[limit]}`),
  );

const print = (label: string, figures: Map<string, Figures>) => {
  const rows = [...figures].map(([file, f]) => ({
    template: file,
    ...f,
    'resources %': Math.round((f.resources / limits.resources) * 100),
  }));
  console.log(`templates of ${label}`);
  console.table(rows);
};

describe('CloudFormation template limits', { timeout: 600_000 }, () => {
  it.each<[string, SessionHostStackProps]>([
    ['the default stack', {}],
    [
      'a stack with every option that adds resources',
      {
        hostDomain: {
          domainName: 'hosts.example.com',
          hostedZone: { hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'example.com' },
        },
        model: { provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
        network: { maxAzs: 2, natGateways: 2 },
        tracing: true,
        webAclArn: 'arn:aws:wafv2:us-east-1:111122223333:regional/webacl/api/0123',
        alarmTopicArn: 'arn:aws:sns:us-east-1:111122223333:alarms',
      },
    ],
  ])('keeps every template of %s under 80 % of each limit', (label, props) => {
    const figures = synthesizedTemplates(props);
    print(label, figures);
    // The stack itself and at least one nested stack of route functions.
    expect(figures.size).toBeGreaterThan(1);
    expect(overHeadroom(figures)).toEqual([]);
  });

  it('fails a template past 80 % of a limit', () => {
    const figures = new Map<string, Figures>([
      ['Big.template.json', { resources: 401, outputs: 0, parameters: 0, mappings: 0, bytes: 1000 }],
    ]);
    expect(overHeadroom(figures)).toEqual(['Big.template.json: resources 401 of 500']);
  });
});
