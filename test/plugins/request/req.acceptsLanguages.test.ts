import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { answering } from './support'

describe('req.acceptsLanguages([lang, ...])', () => {
  it('returns the first offer without an Accept-Language header', async () => {
    await request(answering((req) => req.acceptsLanguages('es', 'en'))).get('/').expect(200, '"es"')
  })

  it('returns the offer the client prefers, matching a language range', async () => {
    const app = answering((req) => req.acceptsLanguages(['en', 'fr']))
    await request(app).get('/').set('Accept-Language', 'fr-CH, fr;q=0.9, en;q=0.8').expect(200, '"fr"')
  })

  it('returns false when none is acceptable', async () => {
    const app = answering((req) => req.acceptsLanguages('de'))
    await request(app).get('/').set('Accept-Language', 'en, fr').expect(200, 'false')
  })

  it('lists every language of the header without arguments', async () => {
    const app = answering((req) => req.acceptsLanguages())
    await request(app).get('/').set('Accept-Language', 'en;q=0.5, es, fr;q=0.8').expect(200, JSON.stringify(['es', 'fr', 'en']))
  })

  it('does not throw on a malformed header', async () => {
    const app = answering((req) => [req.acceptsLanguages('en'), req.acceptsLanguages()])
    await request(app).get('/').set('Accept-Language', '*;q=nan,;;=,').expect(200, JSON.stringify([false, []]))
  })
})

describe('req.acceptsLanguage(lang) (deprecated)', () => {
  it('answers like acceptsLanguages and emits a deprecation', async () => {
    const seen: string[] = []
    const onDeprecation = (err: Error) => { seen.push(err.message) }
    process.on('deprecation', onDeprecation)
    try {
      const app = answering((req) => req.acceptsLanguage('en', 'fr'))
      await request(app).get('/').set('Accept-Language', 'fr').expect(200, '"fr"')
    } finally {
      process.removeListener('deprecation', onDeprecation)
    }
    assert.deepEqual(seen, ['req.acceptsLanguage: Use acceptsLanguages instead'])
  })
})
