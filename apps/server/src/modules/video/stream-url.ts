// The check lives in the contracts so the web's camera form refuses what the server refuses, in its words.
export { checkedStreamUrl } from '@storelens/contracts';

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
