import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { SCAM_CONFIRMATION_NEEDED } from '#shared/logic/scam-guard.ts'
import { call, registerCompleteMember } from '#tests/support/http.ts'
import { specSocket as openSpecSocket } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp(testConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' }))
})
afterAll(() => app?.close())

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(app.url, method, path, options)

async function matchedPair() {
  const victor = await registerCompleteMember(app.url, 'man', 'Victor')
  const ruth = await registerCompleteMember(app.url, 'woman', 'Ruth')
  await api('POST', '/api/likes', { cookie: victor.cookie, body: { receiverId: ruth.id } })
  const like = await api('POST', '/api/likes', { cookie: ruth.cookie, body: { receiverId: victor.id } })
  return { victor, ruth, conversationId: like.body.conversationId as string }
}

const specSocket = (cookie: string) => openSpecSocket(app.url, { cookie })

const MONEY = 'Could you send me $500 for my flight? I will pay you back as soon as I land.'
const GIFT_CARDS = 'Please buy me two Google Play cards and send me the codes.'
const moneySignal = { id: 'money_request', explanation: 'This message asks for money.' }

describe('the scam guard over REST', () => {
  it('answers 412 with the question until confirmed, then stores the message with its signals for the recipient', async () => {
    const { victor, ruth, conversationId } = await matchedPair()
    const refused = await api('POST', '/api/messages', { cookie: victor.cookie, body: { receiverId: ruth.id, content: MONEY } })
    expect(refused).toMatchObject({ status: 412, body: { message: SCAM_CONFIRMATION_NEEDED } })
    expect((await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: ruth.cookie })).body).toEqual([])

    const sent = await api('POST', '/api/messages', {
      cookie: victor.cookie,
      body: { receiverId: ruth.id, content: MONEY, confirmed: true },
    })
    expect(sent.status).toBe(200)
    const thread = await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: ruth.cookie })
    expect(thread.body).toEqual([expect.objectContaining({ id: sent.body.id, content: MONEY, scamSignals: [moneySignal] })])

    const ordinary = await api('POST', '/api/messages', {
      cookie: ruth.cookie,
      body: { receiverId: victor.id, content: 'John 3:16 at 7:30?' },
    })
    expect(ordinary.status).toBe(200)
    expect(ordinary.body).not.toHaveProperty('scamSignals')
    const wrongType = await api('POST', '/api/messages', {
      cookie: victor.cookie,
      body: { receiverId: ruth.id, content: MONEY, confirmed: 'yes' },
    })
    expect(wrongType.status).toBe(400)
  })
})

describe('the scam guard on the spec socket, /ws/messaging', () => {
  it('answers an unconfirmed send_message with an error frame, and delivers a confirmed one with its signals', async () => {
    const { victor, ruth, conversationId } = await matchedPair()
    const victorSocket = await specSocket(victor.cookie)
    const ruthSocket = await specSocket(ruth.cookie)
    victorSocket.send({ type: 'send_message', conversationId, content: GIFT_CARDS, messageType: 'text' })
    expect(await victorSocket.frame('error')).toEqual({ type: 'error', message: SCAM_CONFIRMATION_NEEDED })
    expect((await api('GET', `/api/conversations/${conversationId}/messages`, { cookie: ruth.cookie })).body).toEqual([])

    victorSocket.send({ type: 'send_message', conversationId, content: GIFT_CARDS, messageType: 'text', confirmed: true })
    const received = await ruthSocket.frame('message_received')
    expect(received).toMatchObject({
      conversationId,
      message: {
        content: GIFT_CARDS,
        senderId: victor.id,
        scamSignals: [{ id: 'gift_cards', explanation: 'This message asks for gift cards, which cannot be traced or refunded.' }],
      },
    })
    expect(ruthSocket.frames.filter((frame) => frame.type === 'error')).toEqual([])
    victorSocket.ws.close()
    ruthSocket.ws.close()
  })
})
