import fsp from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, tempDir, testClip, waitFor } from '../../../test/support/video.ts';
import { freePort, serveClipLoop } from './synthetic-source.ts';

/** MPEG-TS packets are 188 bytes, each starting with the sync byte 0x47. */
const TS_SYNC = 0x47;

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = await tempDir('clip-server');
  clip = await testClip(dir);
}, 60_000);
afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

/** Connects and collects what arrives until `bytes` came. */
function pull(port: number, bytes: number): Promise<{ data: Buffer; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      if (total >= bytes) {
        socket.pause();
        resolve({ data: Buffer.concat(chunks), socket });
      }
    });
  });
}

describe('a demo camera address (serveClipLoop)', () => {
  it('runs nothing while nobody pulls, serves each puller its own stream, and stops each when it leaves', async () => {
    const port = await freePort();
    const server = serveClipLoop(FFMPEG, clip, port);
    try {
      expect(server.connections()).toBe(0);
      const [first, second] = await Promise.all([pull(port, 188 * 4), pull(port, 188 * 4)]);
      for (const { data } of [first, second]) {
        expect(data[0]).toBe(TS_SYNC);
        expect(data[188]).toBe(TS_SYNC);
      }
      expect(server.connections()).toBe(2);
      first.socket.destroy();
      await waitFor(() => server.connections() === 1, 10_000);
      second.socket.destroy();
      await waitFor(() => server.connections() === 0, 10_000);
      // The address keeps answering after its pullers left.
      const again = await pull(port, 188);
      expect(again.data[0]).toBe(TS_SYNC);
      again.socket.destroy();
    } finally {
      await server.stop();
    }
    expect(server.connections()).toBe(0);
  }, 60_000);
});
