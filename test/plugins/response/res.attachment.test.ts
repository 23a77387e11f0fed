import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.attachment()', () => {
  it('sets Content-Disposition to attachment', async () => {
    const app = framework()
    app.use((req, res) => { res.attachment().end() })
    const r = await request(app).get('/').expect('Content-Disposition', 'attachment')
    assert.equal(r.headers['content-type'], undefined)
  })
})

describe('res.attachment(filename)', () => {
  it('adds the basename and the type of its extension', async () => {
    const app = framework()
    app.use((req, res) => { res.attachment('/reports/2024/summary.pdf').end() })
    await request(app).get('/')
      .expect('Content-Disposition', 'attachment; filename="summary.pdf"')
      .expect('Content-Type', 'application/pdf')
  })

  it('adds an ASCII fallback and filename* for non-ASCII names', async () => {
    const app = framework()
    app.use((req, res) => { res.attachment('€uro.txt').end() })
    await request(app).get('/')
      .expect('Content-Disposition', 'attachment; filename="?uro.txt"; filename*=UTF-8\'\'%E2%82%ACuro.txt')
      .expect('Content-Type', 'text/plain; charset=utf-8')
  })
})
