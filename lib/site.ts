/**
 * The console (`/console/…`) and API reference (`/docs/…`) on the API: one small function serves the built pages.
 * The site is built into the function's bundle when it is bundled (`scripts/build-site.mjs`), so a deploy ships the
 * pages of the same commit as the API.
 */
import type { LambdaIntegrationOptions, RestApi } from 'aws-cdk-lib/aws-apigateway';
import { LambdaIntegration } from 'aws-cdk-lib/aws-apigateway';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { fileURLToPath } from 'node:url';
import type { ApiFunction } from './api-function.js';

export const siteEntry = fileURLToPath(new URL('../functions/composition/lambda/entries/console.ts', import.meta.url));

export const siteBundling: Partial<BundlingOptions> = {
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `node "${inputDir}/scripts/build-site.mjs" "${outputDir}/site"`,
    ],
  },
};

export const addSite = (restApi: RestApi, fn: ApiFunction, options: LambdaIntegrationOptions): void => {
  const integration = new LambdaIntegration(fn.function, options);
  for (const section of ['console', 'docs']) {
    const resource = restApi.root.addResource(section);
    resource.addMethod('GET', integration, { operationName: `${section}Page` });
    resource.addResource('{file+}').addMethod('GET', integration, { operationName: `${section}File` });
  }
};
