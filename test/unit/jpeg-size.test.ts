import { describe, expect, it } from 'vitest';
import { jpegSize } from '../../functions/adapters/browser/actions/screenshot/cdp.js';

/** A JPEG's markers up to its frame header: SOI, an APP0 segment, a DHT segment, then the SOF (no image data needed). */
const header = (sof: number, width: number, height: number) => {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dht = Buffer.from([0xff, 0xc4, 0x00, 0x05, 0x00, 0x00, 0x00]);
  const frame = Buffer.from([
    0xff,
    sof,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dht, frame]);
};

describe('jpegSize', () => {
  it('reads the size from a baseline or progressive frame header, past other segments', () => {
    expect(jpegSize(header(0xc0, 1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(jpegSize(header(0xc2, 1600, 1200))).toEqual({ width: 1600, height: 1200 });
  });

  it('answers undefined for what is not a JPEG or ends before its frame header', () => {
    expect(jpegSize(Buffer.from('not an image at all'))).toBeUndefined();
    expect(jpegSize(header(0xc0, 1280, 720).subarray(0, 30))).toBeUndefined();
  });
});
