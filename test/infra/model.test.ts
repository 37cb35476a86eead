import { describe, expect, it } from 'vitest';
import { buildStack } from './support.js';

const statementsOfFunction = (built: ReturnType<typeof buildStack>, operationId: string) => {
  const { stack, template } = built;
  const fn = stack.api.routeFunctions.get(operationId)!;
  const roleId = stack.getLogicalId(fn.role.node.defaultChild as never);
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const variables =
    resources[stack.getLogicalId(fn.function.node.defaultChild as never)].Properties.Environment.Variables;
  const statements = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Record<string, any>[]);
  return { variables, statements };
};

describe('model access', { timeout: 300_000 }, () => {
  it('defaults to Claude on Bedrock, allowed to invoke the one inference profile and its model', () => {
    const { variables, statements } = statementsOfFunction(buildStack(), 'pageQuery');
    expect(variables).toMatchObject({
      MODEL_PROVIDER: 'bedrock',
      MODEL_NAME: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const invoke = statements.find((s) => [s.Action].flat().includes('bedrock:InvokeModel'))!;
    expect([invoke.Action].flat().sort()).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']);
    const arns = JSON.stringify(invoke.Resource);
    expect(arns).toContain(':inference-profile/us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(arns).toContain(':bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(arns).not.toContain('foundation-model/*');
    expect(variables.ANTHROPIC_API_KEY_SECRET_ARN).toBeUndefined();
  });

  it('allows exactly the model given by id', () => {
    const { statements } = statementsOfFunction(
      buildStack({ model: { modelId: 'anthropic.claude-haiku-4-5-20251001-v1:0' } }),
      'click',
    );
    const invoke = statements.find((s) => [s.Action].flat().includes('bedrock:InvokeModel'))!;
    expect(JSON.stringify(invoke.Resource)).toContain('foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(JSON.stringify(invoke.Resource)).not.toContain('inference-profile');
  });

  it('reads ANTHROPIC_API_KEY from a secret when the provider is Anthropic, with no Bedrock access', () => {
    const secretArn = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:anthropic-AbCdEf';
    const { variables, statements } = statementsOfFunction(
      buildStack({ model: { provider: 'anthropic', modelId: 'claude-sonnet-4-5', anthropicKeySecretArn: secretArn } }),
      'pageQuery',
    );
    expect(variables).toMatchObject({
      MODEL_PROVIDER: 'anthropic',
      MODEL_NAME: 'claude-sonnet-4-5',
      ANTHROPIC_API_KEY_SECRET_ARN: secretArn,
    });
    expect(variables.ANTHROPIC_API_KEY).toBeUndefined();
    const read = statements.find((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(read?.Resource)).toContain(secretArn);
    expect(statements.some((s) => [s.Action].flat().some((a: string) => a.startsWith('bedrock:')))).toBe(false);
  });

  it('asks no model and grants nothing for offline', () => {
    const { variables, statements } = statementsOfFunction(buildStack({ model: { provider: 'offline' } }), 'pageQuery');
    expect(variables.MODEL_PROVIDER).toBe('offline');
    expect(statements.some((s) => [s.Action].flat().some((a: string) => a.startsWith('bedrock:')))).toBe(false);
  });
});
