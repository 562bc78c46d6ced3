import { describe, expect, it } from 'vitest'
import { turnsByKey } from '#server/realtime/turns.ts'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('steps in turn by key', () => {
  it('runs one key’s steps in the order they were queued, however long each takes, and other keys beside them', async () => {
    const inTurn = turnsByKey()
    const ran: string[] = []
    inTurn('boaz', async () => {
      await tick(30)
      ran.push('boaz arrives')
    })
    inTurn('boaz', async () => void ran.push('boaz leaves'))
    inTurn('ruth', async () => void ran.push('ruth arrives'))
    await tick(60)
    expect(ran).toEqual(['ruth arrives', 'boaz arrives', 'boaz leaves'])
  })

  it('goes on with the steps after one that fails', async () => {
    const inTurn = turnsByKey()
    const ran: string[] = []
    inTurn('boaz', async () => {
      throw new Error('the registry cannot answer')
    })
    inTurn('boaz', async () => void ran.push('boaz leaves'))
    await tick(10)
    expect(ran).toEqual(['boaz leaves'])
  })
})
