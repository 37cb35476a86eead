import { RemovalPolicy } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { tableLayout } from '../../functions/net/table-layout.js';
import { ENV } from '../../functions/config/env.js';
import { buildStack, resourcesOfType } from './support.js';

const { stack, template } = buildStack();
const tableId = stack.getLogicalId(stack.data.table.node.defaultChild as CfnTable);
const bucketId = stack.getLogicalId(stack.data.bucket.node.defaultChild as CfnBucket);
const logBucketId = stack.getLogicalId(stack.data.accessLogBucket.node.defaultChild as CfnBucket);

describe('table', () => {
  it('has the keys, index and expiry attribute of the table layout', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableLayout.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableLayout.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: tableLayout.gsi1.name,
          KeySchema: [
            { AttributeName: tableLayout.gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: tableLayout.gsi1.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      TimeToLiveSpecification: { AttributeName: tableLayout.ttlAttribute, Enabled: true },
    });
  });

  it('bills per request, recovers to a point in time and is encrypted', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('outlives the stack unless told otherwise', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    const { template: disposable } = buildStack({ dataRemovalPolicy: RemovalPolicy.DESTROY });
    disposable.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    disposable.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
  });
});

describe('bucket', () => {
  const bucket = () => resourcesOfType(template, 'AWS::S3::Bucket').find(([id]) => id === bucketId)![1];

  it('blocks public access, is encrypted and unversioned', () => {
    expect(bucket()).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    expect(bucket().VersioningConfiguration).toBeUndefined();
  });

  it('refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('expires files after two days', () => {
    expect(bucket().LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'files/', ExpirationInDays: 2, Status: 'Enabled' }),
    );
  });

  it('accepts pre-signed uploads and downloads from any origin', () => {
    expect(bucket().CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ['*'] }),
    ]);
  });

  it('writes access logs to a private bucket of their own', () => {
    expect(bucket().LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: logBucketId } });
    template.resourceCountIs('AWS::S3::Bucket', 2);
  });
});

describe('binding functions to the stores', () => {
  // CDK's own custom resource providers (the VPC's default security group lock-down) are not ours to bind.
  const functions = resourcesOfType(template, 'AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));
  const fallbackId = stack.getLogicalId(stack.api.fallbackFunction.function.node.defaultChild as never);
  const bound = functions.filter(([id]) => id !== fallbackId);
  const policies = resourcesOfType(template, 'AWS::IAM::Policy');
  const statements = policies.flatMap(([, policy]) => policy.PolicyDocument.Statement as Record<string, any>[]);
  const dataStatements = statements.filter((s) => [s.Action].flat().some((a: string) => /^(dynamodb|s3):/.test(a)));

  it('tells every route function where the table and bucket are', () => {
    const routeIds = new Set(
      [...stack.api.routeFunctions.values()].map((f) => stack.getLogicalId(f.function.node.defaultChild as never)),
    );
    expect(routeIds.size).toBeGreaterThan(30);
    for (const [, fn] of bound.filter(([id]) => routeIds.has(id))) {
      expect(fn.Environment.Variables).toMatchObject({
        [ENV.tableName]: { Ref: tableId },
        [ENV.bucketName]: { Ref: bucketId },
        [ENV.stage]: 'production',
      });
    }
  });

  it('keeps the fallback function away from the data', () => {
    const [, fallback] = functions.find(([id]) => id === fallbackId)!;
    expect(fallback.Environment.Variables[ENV.tableName]).toBeUndefined();
  });

  it('grants data access on this table, its index and this bucket only', () => {
    expect(dataStatements.length).toBeGreaterThan(0);
    for (const statement of dataStatements) {
      const resources = [statement.Resource].flat();
      for (const resource of resources) {
        expect(resource).not.toBe('*');
        expect(JSON.stringify(resource)).toMatch(new RegExp(`"(${tableId}|${bucketId})"`));
      }
    }
  });

  it('never allows a table scan or a wildcard action', () => {
    const actions = dataStatements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
  });

  it('gives functions roles with no managed policies', () => {
    for (const [id, role] of resourcesOfType(template, 'AWS::IAM::Role')) {
      if (id.startsWith('Custom')) continue; // CDK's custom resource providers: their role is CDK's
      if (JSON.stringify(role.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'))
        expect(role.ManagedPolicyArns).toBeUndefined();
    }
  });
});
