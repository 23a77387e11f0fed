import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, Request, Response } from '../../../kernel'

describe('app.all(path, ...callbacks)', () => {
  it('returns the app', () => {
    const app = minimal()
    assert.equal(app.all('/', (req, res) => { res.end() }), app)
  })

  it('matches every HTTP method', async () => {
    const app = minimal()
    app.all('/tea', (req, res) => { res.end(`${req.method} tea`) })
    await request(app).get('/tea').expect(200, 'GET tea')
    await request(app).post('/tea').expect(200, 'POST tea')
    await request(app).put('/tea').expect(200, 'PUT tea')
    await request(app).delete('/tea').expect(200, 'DELETE tea')
    await request(app).patch('/tea').expect(200, 'PATCH tea')
    await request(app).options('/tea').expect(200, 'OPTIONS tea')
    await request(app).head('/tea').expect(200)
  })

  it('matches only its path', async () => {
    const app = minimal()
    app.all('/tea', (req, res) => { res.end('tea') })
    await request(app).get('/coffee').expect(404)
    await request(app).get('/tea/cup').expect(404)
  })

  it('runs its callbacks in order, then continues', async () => {
    const app = minimal()
    app.all('*', (req, res, next) => { res.setHeader('X-Step', '1'); next() }, (req, res, next) => { res.setHeader('X-Step', '2'); next() })
    app.get('/', (req, res) => { res.end('done') })
    await request(app).get('/').expect('X-Step', '2').expect(200, 'done')
  })

  it('accepts arrays of callbacks', async () => {
    const app = minimal()
    // Inline handlers inside arrays are not contextually typed, so they are annotated.
    app.all('/a', [(req: Request, res: Response, next: NextFunction) => { next() }, [(req: Request, res: Response) => { res.end('nested') }]])
    await request(app).post('/a').expect(200, 'nested')
  })
})
