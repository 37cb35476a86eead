import { randomBytes, randomUUID } from 'node:crypto';

/**
 * A UUIDv7: time-ordered, so records keyed by it sort by creation time in a DynamoDB partition without a
 * separate index, while still looking like the UUIDs clients expect.
 */
export const uuidv7 = (now: number = Date.now()): string => {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const uuid = (): string => randomUUID();
