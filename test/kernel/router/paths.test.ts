import { describe, it } from 'node:test'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { PathParams } from '../../../kernel'

/** An app answering with the JSON of req.params on `path`, and 'miss' elsewhere. */
function appFor (path: PathParams) {
  const app = minimal()
  app.get(path, (req, res) => { res.end(JSON.stringify(req.params)) })
  app.use((req, res) => { res.end('miss') })
  return app
}

describe('route paths', () => {
  it('matches a literal path exactly (query string aside)', async () => {
    const app = appFor('/about')
    await request(app).get('/about').expect(200, '{}')
    await request(app).get('/about?x=1').expect(200, '{}')
    await request(app).get('/about/more').expect(200, 'miss')
    await request(app).get('/abou').expect(200, 'miss')
  })

  it(':param captures one segment by name', async () => {
    const app = appFor('/users/:id/books/:book')
    await request(app).get('/users/34/books/8989').expect(200, '{"id":"34","book":"8989"}')
    await request(app).get('/users/34/books').expect(200, 'miss')
  })

  it(':param works beside dots and dashes', async () => {
    await request(appFor('/flights/:from-:to')).get('/flights/LAX-SFO').expect(200, '{"from":"LAX","to":"SFO"}')
    await request(appFor('/plantae/:genus.:species')).get('/plantae/Prunus.persica').expect(200, '{"genus":"Prunus","species":"persica"}')
  })

  it(':param? is optional', async () => {
    const app = appFor('/files/:name?')
    await request(app).get('/files/readme').expect(200, '{"name":"readme"}')
    await request(app).get('/files').expect(200, '{}')
  })

  it('* matches anything, captured as params[0]', async () => {
    const app = appFor('/assets/*')
    await request(app).get('/assets/css/site.css').expect(200, '{"0":"css/site.css"}')
    await request(appFor('*')).get('/any/where').expect(200, '{"0":"/any/where"}')
  })

  it('several * are numbered in order', async () => {
    await request(appFor('/*/to/*')).get('/a/to/b').expect(200, '{"0":"a","1":"b"}')
  })

  it(':param(regex) constrains the segment', async () => {
    const app = appFor('/user/:id(\\d+)')
    await request(app).get('/user/42').expect(200, '{"id":"42"}')
    await request(app).get('/user/tj').expect(200, 'miss')
  })

  it('a RegExp object matches by regexp, captures as params[0..]', async () => {
    const app = appFor(/^\/commits\/(\w+)(?:\.\.(\w+))?$/)
    await request(app).get('/commits/71dbb9c').expect(200, '{"0":"71dbb9c"}')
    await request(app).get('/commits/71dbb9c..4c084f9').expect(200, '{"0":"71dbb9c","1":"4c084f9"}')
    await request(app).get('/commits').expect(200, 'miss')
  })

  it('a RegExp without captures gives empty params', async () => {
    await request(appFor(/fly$/)).get('/butterfly').expect(200, '{}')
  })

  it('an array matches any of its paths, strings and RegExps mixed', async () => {
    const app = appFor(['/one', '/two/:n', /^\/three$/])
    await request(app).get('/one').expect(200, '{}')
    await request(app).get('/two/2').expect(200, '{"n":"2"}')
    await request(app).get('/three').expect(200, '{}')
    await request(app).get('/four').expect(200, 'miss')
  })

  it('treats a dot as a literal dot', async () => {
    const app = appFor('/data.json')
    await request(app).get('/data.json').expect(200, '{}')
    await request(app).get('/dataxjson').expect(200, 'miss')
  })
})
