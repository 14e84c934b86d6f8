import { STREAM_PROTOCOLS } from '@storelens/contracts';

/**
 * A camera's stream address as ffmpeg may open it: one of the stream protocols, a host, nothing
 * but printable characters. Anything else (file:, concat:, pipe:, a leading '-') never reaches
 * ffmpeg, whose argument it would otherwise become. Null when refused.
 */
export function checkedStreamUrl(text: string): string | null {
  // Printable ASCII only: no spaces, no control characters, nothing a parser could read twice.
  if (!text || text.length > 500 || !/^[\x21-\x7e]+$/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!(STREAM_PROTOCOLS as readonly string[]).includes(url.protocol) || !url.hostname) return null;
  return url.href;
}

/** The address without user and password, as it may be shown. */
export function withoutCredentials(text: string): string {
  try {
    const url = new URL(text);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return '';
  }
}

/** Input options by protocol: TCP for RTSP (cameras behind NAT drop UDP), and a read timeout so a silent camera ends the run. */
export function inputOptionsFor(url: string): string[] {
  const protocol = new URL(url).protocol;
  if (protocol === 'rtsp:' || protocol === 'rtsps:') return ['-rtsp_transport', 'tcp', '-timeout', '15000000'];
  return ['-rw_timeout', '15000000'];
}
