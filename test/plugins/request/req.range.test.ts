import { describe, it } from 'node:test'
import request from 'supertest'
import { answering, UNDEFINED } from './support'

function ranges (value: unknown) {
  return Array.isArray(value) ? { type: (value as unknown as { type: string }).type, ranges: [...value] } : value
}

describe('req.range(size)', () => {
  it('parses byte ranges, capped to the size, with their type', async () => {
    const app = answering((req) => ranges(req.range(120)))
    await request(app).get('/').set('Range', 'bytes=0-49,100-150,-10')
      .expect(200, JSON.stringify({ type: 'bytes', ranges: [{ start: 0, end: 49 }, { start: 100, end: 119 }, { start: 110, end: 119 }] }))
  })

  it('caps an open-ended range', async () => {
    const app = answering((req) => ranges(req.range(75)))
    await request(app).get('/').set('Range', 'bytes=50-').expect(200, JSON.stringify({ type: 'bytes', ranges: [{ start: 50, end: 74 }] }))
  })

  it('keeps any range unit', async () => {
    const app = answering((req) => ranges(req.range(10)))
    await request(app).get('/').set('Range', 'items=0-2').expect(200, JSON.stringify({ type: 'items', ranges: [{ start: 0, end: 2 }] }))
  })

  it('returns undefined without a Range header', async () => {
    await request(answering((req) => req.range(10))).get('/').expect(200, JSON.stringify(UNDEFINED))
  })

  it('returns -1 for an unsatisfiable range', async () => {
    const app = answering((req) => req.range(100))
    await request(app).get('/').set('Range', 'bytes=200-300').expect(200, '-1')
  })

  it('returns -2 for a malformed header', async () => {
    const app = answering((req) => req.range(100))
    await request(app).get('/').set('Range', 'bytes').expect(200, '-2')
    await request(app).get('/').set('Range', 'ten bytes').expect(200, '-2')
  })

  it('reads ranges leniently, as Express 4 does: no valid range in the list is unsatisfiable', async () => {
    const app = answering((req) => req.range(100))
    await request(app).get('/').set('Range', 'bytes=abc').expect(200, '-1')
    await request(app).get('/').set('Range', 'bytes=1a-5').expect(200, JSON.stringify([{ start: 1, end: 5 }]))
  })
})

describe('req.range(size, options)', () => {
  it('merges overlapping and adjacent ranges with combine: true', async () => {
    const app = answering((req) => ranges(req.range(200, { combine: true })))
    await request(app).get('/').set('Range', 'bytes=0-10,5-20,21-30,100-110')
      .expect(200, JSON.stringify({ type: 'bytes', ranges: [{ start: 0, end: 30 }, { start: 100, end: 110 }] }))
  })

  it('keeps them apart without combine', async () => {
    const app = answering((req) => ranges(req.range(200, { combine: false })))
    await request(app).get('/').set('Range', 'bytes=0-10,5-20')
      .expect(200, JSON.stringify({ type: 'bytes', ranges: [{ start: 0, end: 10 }, { start: 5, end: 20 }] }))
  })
})
