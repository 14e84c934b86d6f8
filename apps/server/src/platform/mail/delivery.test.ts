import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createDelivery } from './delivery.ts';
import { outboxRepo } from './outbox.repo.ts';

describe('message delivery without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mode: 'production' });
  });
  afterAll(async () => t.close());

  it("keeps the message in the outbox and tells the server's log, so whoever runs the server can read the code", async () => {
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const delivery = createDelivery(t.config, t.db, { info: (details, message) => logged.push({ details, message }) });
    await delivery.send({ channel: 'sms', recipient: '13800000001', subject: 'Your Storelens verification code', body: 'Your verification code is 482913.' });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toEqual({ channel: 'sms', recipient: '13800000001' });
    expect(logged[0]?.message).toContain('482913');
    const [latest] = await outboxRepo(t.db).latest(1, '13800000001');
    expect(latest?.body).toBe('Your verification code is 482913.');
  });
});
