import { describe, expect, it } from 'vitest';
import { temperaturePathOfNotice } from './routes.tsx';

describe('where a temperature alert message leads', () => {
  it('opens /temperature for an alert raised or closed, and leaves other messages alone', () => {
    expect(temperaturePathOfNotice('temperature.alert', 'a1')).toBe('/temperature?alertId=a1');
    expect(temperaturePathOfNotice('temperature.closed', 'a1')).toBe('/temperature?alertId=a1');
    expect(temperaturePathOfNotice('camera_offline', 'c1')).toBeNull();
    expect(temperaturePathOfNotice('temperature.alert', null)).toBeNull();
  });
});
