import { beforeEach, describe, expect, it } from 'vitest';
import {
  deviceName,
  getDeviceId,
  isDeviceTrusted,
  setDeviceTrusted,
} from '../../client/src/lib/device';
import { STORAGE_KEYS } from '../../client/src/lib/storage';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.48',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  curl: 'curl/8.5.0',
};

describe('device name in French', () => {
  it.each([
    [UA.chromeWindows, 'Chrome sur Windows'],
    [UA.edgeWindows, 'Edge sur Windows'],
    [UA.firefoxLinux, 'Firefox sur Linux'],
    [UA.firefoxMac, 'Firefox sur macOS'],
    [UA.safariMac, 'Safari sur macOS'],
    [UA.safariIphone, 'Safari sur iOS'],
    [UA.chromeIphone, 'Chrome sur iOS'],
    [UA.chromeAndroid, 'Chrome sur Android'],
    [UA.edgeAndroid, 'Edge sur Android'],
    [UA.chromeLinux, 'Chrome sur Linux'],
    [UA.firefoxIpad, 'Firefox sur iOS'],
    [UA.curl, 'Navigateur inconnu sur Système inconnu'],
    ['', 'Navigateur inconnu sur Système inconnu'],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('device id and trust', () => {
  beforeEach(() => window.localStorage.clear());

  it('creates the id once and keeps it under the product key', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[\w-]{16,}$/);
    expect(getDeviceId()).toBe(id);
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(id);
    expect(STORAGE_KEYS.deviceId).toBe('padel-match:device-id');
  });

  it('keeps a trusted flag that logout resets', () => {
    expect(isDeviceTrusted()).toBe(false);
    setDeviceTrusted(true);
    expect(window.localStorage.getItem('padel-match:device-trusted')).toBe('true');
    expect(isDeviceTrusted()).toBe(true);
    setDeviceTrusted(false);
    expect(isDeviceTrusted()).toBe(false);
  });
});
