import { OAuth2Server } from 'oauth2-mock-server'

export interface MockProvider {
  /** Env overrides pointing one provider (GOOGLE or FACEBOOK) at this mock. */
  env(prefix: 'GOOGLE' | 'FACEBOOK'): Record<string, string>
  /** The body the userinfo endpoint answers with from now on. */
  setProfile(profile: Record<string, unknown>): void
  /** Form bodies the token endpoint received, oldest first. */
  tokenRequests: Record<string, unknown>[]
  stop(): Promise<void>
}

/** An OAuth server on 127.0.0.1 whose /authorize answers at once with a code; the profile is set by the test. */
export async function startOAuthMock(): Promise<MockProvider> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const base = `http://127.0.0.1:${server.address().port}`
  let profile: Record<string, unknown> = {}
  const tokenRequests: Record<string, unknown>[] = []
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile
  })
  server.service.on('beforeResponse', (_response: unknown, req: { body: Record<string, unknown> }) => {
    tokenRequests.push({ ...req.body })
  })
  return {
    env: (prefix) => ({
      [`${prefix}_CLIENT_ID`]: `${prefix.toLowerCase()}-client`,
      [`${prefix}_CLIENT_SECRET`]: `${prefix.toLowerCase()}-secret`,
      [`${prefix}_AUTHORIZATION_URL`]: `${base}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${base}/token`,
      [`${prefix}_USERINFO_URL`]: `${base}/userinfo`,
    }),
    setProfile(next) {
      profile = next
    },
    tokenRequests,
    stop: () => server.stop(),
  }
}
