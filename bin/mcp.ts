/**
 * `npm run mcp -- --url URL --key KEY`: speaks MCP on stdin/stdout and passes every message to the service's /mcp.
 * The key may come from SESSIONHOST_API_KEY instead of the command line (which other users of the machine can see).
 */
import { parseArgs } from 'node:util';
import { startBridge } from '../functions/mcp/bridge.js';

const usage =
  'usage: npm run mcp -- --url http://127.0.0.1:8080 --key <api key>   (or SESSIONHOST_URL / SESSIONHOST_API_KEY)';

const { values } = parseArgs({
  options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stderr.write(`${usage}\n`);
  process.exit(0);
}
const url = values.url ?? process.env.SESSIONHOST_URL;
const key = values.key ?? process.env.SESSIONHOST_API_KEY;
if (!url || !key) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
try {
  new URL(url);
} catch {
  process.stderr.write(`--url must be an absolute URL such as http://127.0.0.1:8080, not ${url}\n`);
  process.exit(2);
}
const bridge = await startBridge({ url, key });
// stdout carries the protocol only; the bridge ends when the client closes stdin, once what it asked is answered.
process.stdin.once(
  'end',
  () =>
    void bridge
      .drain()
      .then(() => bridge.close())
      .then(() => process.exit(0)),
);
