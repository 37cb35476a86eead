/**
 * A resource a function can be bound to. Binding sets the environment variable the runtime reads (names from
 * `functions/config/env.ts`) and grants the access it needs, in one call, so the two cannot drift apart.
 */
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';

export interface Binding {
  bindTo(fn: LambdaFunction): void;
}
