import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.links(links)', () => {
  it('writes one entry per relation', async () => {
    const app = framework()
    app.use((req, res) => { res.links({ prev: '/page/1', next: '/page/3' }).end() })
    await request(app).get('/').expect('Link', '</page/1>; rel="prev", </page/3>; rel="next"')
  })

  it('appends to an existing Link header on later calls', async () => {
    const app = framework()
    app.use((req, res) => {
      res.links({ first: '/page/0' })
      res.links({ up: '/' })
      res.end()
    })
    await request(app).get('/').expect('Link', '</page/0>; rel="first", </>; rel="up"')
  })
})
