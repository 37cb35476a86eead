/**
 * What `cdk synth` checks beyond the assertions: CloudFormation's default template rules (an error stops
 * synthesis under the flag cdk.json sets) and cdk-nag, over the whole stack as the app builds it.
 */
import { describe, expect, it } from 'vitest';
import { buildStack, nagFindings } from './support.js';

describe('synthesis', { timeout: 600_000 }, () => {
  it('passes CloudFormation default rules and cdk-nag with HTTPS on an issued certificate, Anthropic and sized hosts', () => {
    const { stack, template } = buildStack(
      {
        hostDomain: {
          domainName: 'hosts.example.com',
          hostedZone: { hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'example.com' },
        },
        model: { provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
        hosts: { minHosts: 0, maxHosts: 4, sessionsPerHost: 3 },
        network: { maxAzs: 2, natGateways: 2 },
      },
      { validate: true },
    );
    expect(
      nagFindings(stack).map((f) => `${f.ruleName}: ${f.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
    expect(Object.keys(template.toJSON().Outputs)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ApiUrl/), expect.stringMatching(/LiveViewBaseUrl/)]),
    );
  });

  it('passes cdk-nag with the region known at synthesis, as `cdk deploy` builds it', () => {
    const { stack } = buildStack({ env: { region: 'eu-west-1' } });
    expect(
      nagFindings(stack).map((f) => `${f.ruleName}: ${f.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
  });
});
