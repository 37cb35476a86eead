/**
 * The AWS Solutions (cdk-nag) findings the API keeps, each with why. Everything else is fixed in the constructs:
 * access and execution logs, per-function roles with no managed policies, scoped grants.
 */
import { Validations } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';

export interface ApiFindingsOptions {
  readonly restApi: RestApi;
  /** A WAF web ACL is attached: nothing to acknowledge for APIG3. */
  readonly webAcl: boolean;
}

export const acknowledgeApiFindings = (scope: Construct, options: ApiFindingsOptions): void => {
  const api = Validations.of(options.restApi);
  api.acknowledge(
    {
      id: 'AwsSolutions-APIG2',
      reason:
        'Requests are validated in the handlers against the zod schemas of the route table, the one schema source, and answered with a 422 problem document naming every failing field; API Gateway models would duplicate the schemas and answer in another shape.',
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Each route authenticates in its handler with the API key of the public interface (Authorization: Bearer), stored hashed and bound to one org; a Lambda authorizer would repeat the same lookup one hop earlier. GET /v1/openapi.json, GET /health and GET /ready are public by design (they carry no org data); the fallback and 501 methods return only problem documents.',
    },
    {
      id: 'AwsSolutions-COG4',
      reason:
        'Callers are API clients holding API keys, as the public interface defines; there are no Cognito users. Keys are verified in the handlers (see APIG4).',
    },
  );
  Validations.of(options.restApi.node.findChild('CloudWatchRole')).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    reason:
      "API Gateway's account-level role for execution logs; AmazonAPIGatewayPushToCloudWatchLogs is the AWS-maintained policy documented for exactly this role.",
  });
  if (!options.webAcl) {
    Validations.of(options.restApi.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'A WAF web ACL is opt-in (webAclArn) because it carries a monthly base cost; without it, stage throttling bounds the request rate and every route authenticates its caller.',
    });
  }
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'Functions run nodejs22.x, the release the bundles are built for (esbuild target node22) and the bundle test runs on; a newer runtime is adopted by changing runtime and target together once the tests pass on it.',
  });
};
