import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/downloads'

describe('examples/downloads', () => {
  it('GET / links every file but dotfiles', async () => {
    const res = await request(app).get('/').expect(200)
    assert.match(res.text, /<a href="\/files\/hello.txt">hello.txt<\/a>/)
    assert.match(res.text, /<a href="\/files\/release%20notes.md">release notes.md<\/a>/)
    assert.match(res.text, /<a href="\/files\/reports\/visits.csv">reports\/visits.csv<\/a>/)
    assert.doesNotMatch(res.text, /\.hidden/)
  })

  it('downloads a file as an attachment', async () => {
    await request(app).get('/files/hello.txt')
      .expect('Content-Disposition', 'attachment; filename="hello.txt"')
      .expect('Content-Type', 'text/plain; charset=UTF-8')
      .expect(200, 'Hello from the downloads example.\n')
  })

  it('downloads from sub-folders and names with spaces', async () => {
    await request(app).get('/files/reports/visits.csv')
      .expect('Content-Disposition', 'attachment; filename="visits.csv"')
      .expect(200, /january,120/)
    await request(app).get('/files/release%20notes.md')
      .expect('Content-Disposition', 'attachment; filename="release notes.md"')
      .expect(200, /# Notes/)
  })

  it('answers ranges', async () => {
    await request(app).get('/files/hello.txt').set('Range', 'bytes=0-4').expect(206, 'Hello')
  })

  describe('bad input', () => {
    it('a missing file is a 404 page', async () => {
      await request(app).get('/files/nope.txt').expect('Content-Type', /html/).expect(404, '<p>Cannot find nope.txt, sorry.</p>')
    })

    it('a path out of the files folder is refused', async () => {
      for (const url of ['/files/..%2findex.ts', '/files/%2e%2e/%2e%2e/package.json', '/files/reports/..%2f..%2findex.ts']) {
        const res = await request(app).get(url)
        assert.equal(res.status, 403, url)
        assert.doesNotMatch(res.text, /express|import/)
      }
    })

    it('a dotfile is refused', async () => {
      await request(app).get('/files/.hidden').expect(403, '<p>That file cannot be downloaded.</p>')
    })

    it('a folder, a NUL byte or a bad encoding does not crash', async () => {
      await request(app).get('/files/reports').expect(404, '<p>Cannot find reports, sorry.</p>')
      await request(app).get('/files/hello.txt%00.png').expect((res) => assert.ok(res.status >= 400 && res.status < 500, `NUL: ${res.status}`))
      await request(app).get('/files/%E0%A4%A').expect(400)
    })

    it('an unknown route is a 404 page', async () => {
      await request(app).get('/nope').expect(404, /Nothing here/)
      await request(app).post('/files/hello.txt').expect(404)
    })
  })
})
