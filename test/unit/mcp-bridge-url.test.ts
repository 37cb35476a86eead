/** The stdio bridge takes the service's base URL or the door's own, written with a slash after it or not. */
import { describe, expect, it } from 'vitest';
import { mcpUrlOf } from '../../functions/mcp/bridge.js';

describe('the MCP door URL the bridge speaks to', () => {
  it('is the base URL with /mcp, or the door URL as given, a trailing slash dropped', () => {
    for (const given of [
      'http://127.0.0.1:8080',
      'http://127.0.0.1:8080/',
      'http://127.0.0.1:8080/mcp',
      'http://127.0.0.1:8080/mcp/',
      'http://127.0.0.1:8080/mcp//',
    ])
      expect(mcpUrlOf(given).href, given).toBe('http://127.0.0.1:8080/mcp');
    expect(mcpUrlOf('https://api.example.test/prod/').href).toBe('https://api.example.test/prod/mcp');
    expect(mcpUrlOf('https://api.example.test/prod/mcp/').href).toBe('https://api.example.test/prod/mcp');
  });
});
