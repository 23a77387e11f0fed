import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.append(field, value)', () => {
  it('creates the header when absent', async () => {
    const app = framework()
    app.use((req, res) => { res.append('X-List', 'one').end() })
    await request(app).get('/').expect('X-List', 'one')
  })

  it('adds values and arrays to an existing header', async () => {
    const app = framework()
    app.use((req, res) => {
      res.append('Link', '<a>')
      res.append('Link', ['<b>', '<c>'])
      res.append('Link', '<d>')
      res.end(JSON.stringify(res.get('Link')))
    })
    await request(app).get('/').expect(200, '["<a>","<b>","<c>","<d>"]')
  })

  it('keeps cookies set before as separate Set-Cookie lines', async () => {
    const app = framework()
    app.use((req, res) => {
      res.cookie('a', '1')
      res.append('Set-Cookie', 'b=2; Path=/')
      res.end()
    })
    const r = await request(app).get('/').expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/'])
  })

  it('is reset by a later res.set', async () => {
    const app = framework()
    app.use((req, res) => {
      res.append('X-V', 'x')
      res.append('X-V', 'y')
      res.set('X-V', 'z').end()
    })
    await request(app).get('/').expect('X-V', 'z')
  })
})
