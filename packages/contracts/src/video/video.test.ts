import { describe, expect, it } from 'vitest';
import { translateMessage } from '../platform/messages.ts';
import { firstError } from '../platform/validation.ts';
import { checkedStreamUrl, streamUrlSchema } from './index.ts';

const refusal = (value: unknown) => {
  const ref = firstError(streamUrlSchema, value);
  return ref === null ? null : translateMessage('en', ref);
};

describe('a camera’s stream address (the server’s check and the form’s)', () => {
  it('takes rtsp, rtsps, rtmp and tcp addresses with a host, credentials included', () => {
    expect(checkedStreamUrl('rtsp://admin:secret@10.0.0.5:554/stream1')).toBe('rtsp://admin:secret@10.0.0.5:554/stream1');
    expect(checkedStreamUrl('tcp://127.0.0.1:18600')).toBe('tcp://127.0.0.1:18600');
    expect(refusal(' rtmps://x ')).toBe('The video source must be an rtsp://, rtsps://, rtmp:// or tcp:// address with a host');
    expect(refusal(' rtsps://cam.example/live ')).toBeNull();
  });

  it('refuses what ffmpeg must never open, in the server’s words, and asks for an empty field', () => {
    for (const url of [
      'file:///etc/passwd',
      '-i /etc/passwd',
      'concat:a|b',
      'http://x/y',
      'rtsp:///nohost',
      'rtsp://cam/ a',
      `rtsp://cam/${'a'.repeat(500)}`,
    ]) {
      expect(checkedStreamUrl(url), url).toBeNull();
      expect(refusal(url), url).toBe('The video source must be an rtsp://, rtsps://, rtmp:// or tcp:// address with a host');
    }
    expect(refusal('  ')).toBe(translateMessage('en', 'validation.required'));
  });
});
