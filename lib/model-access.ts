/**
 * Which Claude the functions ask, and the access that takes. Bedrock (the default on AWS) needs no third-party key:
 * the functions' roles may invoke the named model, through its cross-region inference profile or directly.
 * `anthropic` reads ANTHROPIC_API_KEY from a Secrets Manager secret at cold start; `offline` asks no model.
 */
import { Arn, ArnFormat, Aws, Stack, Token, Validations } from 'aws-cdk-lib';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ENV } from '../functions/config/env.js';
import type { Binding } from './binding.js';

export type ModelProvider = 'bedrock' | 'anthropic' | 'offline';

/** A Claude Sonnet cross-region inference profile (US); set `modelId` to the profile of your region group. */
export const DEFAULT_BEDROCK_MODEL_ID = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';

export interface ModelAccessProps {
  /** @default 'bedrock' */
  readonly provider?: ModelProvider;
  /** Bedrock model or inference profile id, or the Anthropic model name. @default DEFAULT_BEDROCK_MODEL_ID for Bedrock */
  readonly modelId?: string;
  /** For `anthropic`: an existing secret whose value is the API key. Absent: an empty secret is created to fill in. */
  readonly anthropicKeySecretArn?: string;
}

/** Inference profile ids are the model id behind a region-group prefix (`us.`, `eu.`, `apac.`, `global.`). */
const foundationModelOf = (modelId: string): string => modelId.replace(/^(us|eu|apac|us-gov|global|jp|au|ca)\./, '');

export class ModelAccess extends Construct implements Binding {
  public readonly provider: ModelProvider;
  public readonly modelId?: string;
  public readonly anthropicKey?: ISecret;

  constructor(scope: Construct, id: string, props: ModelAccessProps = {}) {
    super(scope, id);
    this.provider = props.provider ?? 'bedrock';
    this.modelId = props.modelId ?? (this.provider === 'bedrock' ? DEFAULT_BEDROCK_MODEL_ID : undefined);
    if (this.provider === 'anthropic') {
      this.anthropicKey = props.anthropicKeySecretArn
        ? Secret.fromSecretCompleteArn(this, 'AnthropicKey', props.anthropicKeySecretArn)
        : new Secret(this, 'AnthropicKey', {
            description: 'ANTHROPIC_API_KEY for the API functions: put the key in as the secret value',
          });
      if (this.anthropicKey instanceof Secret) {
        Validations.of(this.anthropicKey).acknowledge({
          id: 'AwsSolutions-SMG4',
          reason:
            'The value is an API key issued by Anthropic: it is rotated in the Anthropic console and put into this secret by hand; a rotation function could not issue one.',
        });
      }
    }
  }

  /** Model ARNs a function may invoke: the inference profile in this region, and the model in any region it routes to. */
  public get bedrockResourceArns(): string[] {
    if (this.provider !== 'bedrock' || !this.modelId) return [];
    const stack = Stack.of(this);
    const foundation = foundationModelOf(this.modelId);
    const model = Arn.format(
      {
        service: 'bedrock',
        region: '*',
        account: '',
        resource: 'foundation-model',
        resourceName: foundation,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      },
      stack,
    );
    if (foundation === this.modelId) return [model];
    const profile = `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${this.modelId}`;
    return [profile, model];
  }

  public bindTo(fn: LambdaFunction): void {
    fn.addEnvironment(ENV.modelProvider, this.provider);
    if (this.modelId) fn.addEnvironment(ENV.modelName, this.modelId);
    if (this.provider === 'bedrock') {
      Grant.addToPrincipal({
        grantee: fn,
        actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        resourceArns: this.bedrockResourceArns,
      });
      if (fn.role) {
        const foundation = foundationModelOf(this.modelId!);
        // The partition is a literal once the region is known at synthesis, a reference otherwise.
        const partition = Token.isUnresolved(Stack.of(this).partition) ? '<AWS::Partition>' : Stack.of(this).partition;
        Validations.of(fn.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:${partition}:bedrock:*::foundation-model/${foundation}]`,
          reason:
            'A cross-region inference profile routes each call to the named model in any region of its group, so the model is allowed in every region; the resource is still the one model id.',
        });
      }
    }
    if (this.anthropicKey) {
      fn.addEnvironment(ENV.anthropicApiKeySecretArn, this.anthropicKey.secretArn);
      this.anthropicKey.grantRead(fn);
    }
  }
}
