import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

function appSetting (target: unknown) {
  const app = framework()
  app.use((req, res) => { res.location(target as string).end() })
  return app
}

describe('res.location(url)', () => {
  it('sets Location as given when it is already valid', async () => {
    await request(appSetting('https://example.org/a/b/?x=1#top')).get('/')
      .expect('Location', 'https://example.org/a/b/?x=1#top').expect(200)
  })

  it('percent-encodes spaces, quotes, angle brackets and non-ASCII', async () => {
    await request(appSetting('/search?q=a b"<c>ü')).get('/')
      .expect('Location', '/search?q=a%20b%22%3Cc%3E%C3%BC')
  })

  it('keeps existing escapes and backslashes', async () => {
    await request(appSetting('/x%20y\\z%41')).get('/').expect('Location', '/x%20y\\z%41')
  })

  it('encodes CR/LF so the header cannot be split', async () => {
    await request(appSetting('/a\r\nX-Injected: 1')).get('/')
      .expect('Location', '/a%0D%0AX-Injected:%201')
  })

  it('turns other values into strings', async () => {
    await request(appSetting(42)).get('/').expect('Location', '42')
    await request(appSetting(new URL('http://example.com/p?q'))).get('/').expect('Location', 'http://example.com/p?q')
  })

  describe('when url is "back" (deprecated)', () => {
    expectWarnings(['ristretto deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices'])

    it('uses the Referrer header, either spelling', async () => {
      await request(appSetting('back')).get('/').set('Referer', '/from').expect('Location', '/from')
      await request(appSetting('back')).get('/').set('Referrer', '/other').expect('Location', '/other')
    })

    it('falls back to /', async () => {
      await request(appSetting('back')).get('/').expect('Location', '/')
    })
  })
})
