import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http.ts';

function client() {
  return createHttpClient({
    baseUrl: '',
    apiPrefix: '/api',
    getContext: () => ({ token: 'token-1', customerCode: 'c1', locale: 'kr' }),
    translate: (key) => key,
    feedback: { showErrorModal: async () => undefined, warn: () => undefined, notice: () => undefined },
    isOnLoginPage: () => false,
    reloadPage: () => undefined,
    onSessionExpired: () => undefined,
    goToLogin: () => undefined,
    onCustomerSwitched: () => undefined,
  });
}

function captureSubmittedForm() {
  const submitted: { action: string; method: string; target: string; fields: Record<string, string> }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    const fields = Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value]));
    submitted.push({ action: this.getAttribute('action') ?? '', method: this.method, target: this.target, fields });
  });
  return submitted;
}

describe('downloadByForm', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('posts a hidden form into a hidden frame, with the session as fields', () => {
    const submitted = captureSubmittedForm();
    client().downloadByForm('/gate/download', { shopIds: ['s1', 's2'], from: '2026-01-01', skip: undefined });
    expect(submitted).toHaveLength(1);
    const [form] = submitted;
    expect(form).toMatchObject({ action: '/api/gate/download', method: 'post' });
    expect(form?.fields).toEqual({ shopIds: '["s1","s2"]', from: '2026-01-01', token: 'token-1', customerCode: 'c1', lang: 'kr', productId: 'storelens-web' });
    const frame = document.querySelector('iframe');
    expect(frame?.name).toBe(form?.target);
    expect(document.querySelector('form')).toBeNull();
  });

  it('can open the download in a new tab instead', () => {
    const submitted = captureSubmittedForm();
    client().downloadByForm('/pos/download', {}, 'tab');
    expect(submitted[0]?.target).toBe('_blank');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
