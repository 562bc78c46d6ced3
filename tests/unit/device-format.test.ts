import { describe, expect, it } from 'vitest'
import { deviceName, isPhone, whenAgo } from '#client/features/account/device-format.ts'

const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
}

describe('deviceName', () => {
  it.each([
    [agents.chromeWindows, 'Chrome on Windows'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.safariMac, 'Safari on macOS'],
    [agents.firefoxLinux, 'Firefox on Linux'],
    [agents.samsungAndroid, 'Samsung Internet on Android'],
    [agents.ipad, 'Safari on iPad'],
  ])('%s is %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name)
  })

  it('says what it knows of anything else', () => {
    expect(deviceName(null)).toBe('Unknown device')
    expect(deviceName('curl/8.5.0')).toBe('Unknown device')
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeBot/1.0')).toBe('Windows')
  })
})

describe('isPhone', () => {
  it('tells phones from computers and tablets', () => {
    expect(isPhone(agents.safariIphone)).toBe(true)
    expect(isPhone(agents.samsungAndroid)).toBe(true)
    expect(isPhone(agents.ipad)).toBe(false)
    expect(isPhone(agents.chromeWindows)).toBe(false)
    expect(isPhone(null)).toBe(false)
  })
})

describe('whenAgo', () => {
  const now = new Date('2025-06-15T12:00:00Z')
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [30 * 3_600_000, 'yesterday'],
    [4 * 86_400_000, '4 days ago'],
  ])('%i ms before is %s', (elapsed, text) => {
    expect(whenAgo(new Date(now.getTime() - elapsed), now)).toBe(text)
  })

  it('gives a short date beyond a week', () => {
    expect(whenAgo(new Date('2025-03-03T12:00:00Z'), now)).toBe('Mar 3, 2025')
  })
})
