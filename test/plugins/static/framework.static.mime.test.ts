import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'

describe('framework.static.mime.lookup(ext)', () => {
  it('looks up extensions, file names and paths', () => {
    assert.equal(framework.static.mime.lookup('html'), 'text/html')
    assert.equal(framework.static.mime.lookup('.json'), 'application/json')
    assert.equal(framework.static.mime.lookup('/a/b/picture.PNG'), 'image/png')
  })

  it('falls back to application/octet-stream, or the given fallback', () => {
    assert.equal(framework.static.mime.lookup('unknown-ext'), 'application/octet-stream')
    assert.equal(framework.static.mime.lookup('x.unknown-ext', 'text/plain'), 'text/plain')
  })

  it('has charsets.lookup for text types', () => {
    assert.equal(framework.static.mime.charsets.lookup('text/css'), 'UTF-8')
    assert.equal(framework.static.mime.charsets.lookup('image/png'), undefined)
  })
})
