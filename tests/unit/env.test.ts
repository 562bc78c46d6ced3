import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.ts'

describe('configuration from the environment', () => {
  it('falls back to the documented defaults', () => {
    const config = parseEnv({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBe('file:data/app.db')
    expect(config.SEED_DEMO).toBe(true)
    expect(config.PUBLIC_ORIGINS).toEqual([])
  })

  it('reads flags, numbers and origin lists', () => {
    const config = parseEnv({ PORT: '8080', SEED_DEMO: '0', TRUST_PROXY: 'true', PUBLIC_ORIGINS: 'https://a.example, https://b.example' })
    expect(config.PORT).toBe(8080)
    expect(config.SEED_DEMO).toBe(false)
    expect(config.TRUST_PROXY).toBe(true)
    expect(config.PUBLIC_ORIGINS).toEqual(['https://a.example', 'https://b.example'])
  })

  it('names every bad value in one clear message', () => {
    expect(() => parseEnv({ PORT: 'eighty', SEED_DEMO: 'maybe', PUBLIC_ORIGINS: 'not a url' })).toThrow(
      /Invalid configuration:\n {2}PORT: .+\n {2}SEED_DEMO: must be 0, 1, true or false\n {2}PUBLIC_ORIGINS.*: must be a comma-separated list/,
    )
  })

  it('seeds demo members by default only into the default embedded database outside production', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true)
    expect(parseEnv({ DATABASE_URL: 'file:data/app.db', NODE_ENV: 'development' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false)
    expect(parseEnv({ DATABASE_URL: 'file:/srv/covenant/app.db' }).SEED_DEMO).toBe(false)
    expect(parseEnv({ DATABASE_URL: 'libsql://covenant.example.turso.io' }).SEED_DEMO).toBe(false)
  })

  it('lets an explicit SEED_DEMO win over the default either way', () => {
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: '1' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ DATABASE_URL: 'file:/srv/covenant/app.db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false)
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: '' }).SEED_DEMO).toBe(false)
  })

  it('reads the log level and refuses a short metrics token', () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('info')
    expect(parseEnv({ LOG_LEVEL: 'warn' }).LOG_LEVEL).toBe('warn')
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/)
  })

  it('runs one app process unless asked, and more only with Redis to share their realtime events', () => {
    expect(parseEnv({}).APP_PROCESSES).toBe(1)
    expect(parseEnv({ APP_PROCESSES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).APP_PROCESSES).toBe(2)
    expect(() => parseEnv({ APP_PROCESSES: '2' })).toThrow(/APP_PROCESSES: above 1 needs REDIS_URL/)
    expect(() => parseEnv({ APP_PROCESSES: '0' })).toThrow(/APP_PROCESSES: must be positive/)
    expect(() => parseEnv({ APP_PROCESSES: 'all' })).toThrow(/APP_PROCESSES/)
  })

  it('treats a blank value as unset', () => {
    expect(parseEnv({ PORT: '', GOOGLE_CLIENT_ID: '' }).PORT).toBe(3000)
  })
})
