import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'

describe('app.path()', () => {
  it('is the empty string for a top-level app', () => {
    assert.equal(minimal().path(), '')
  })

  it('is the mount path of a mounted app', () => {
    const app = minimal()
    const blog = minimal()
    app.use('/blog', blog)
    assert.equal(blog.path(), '/blog')
  })

  it('joins the mount paths of nested apps', () => {
    const app = minimal()
    const blog = minimal()
    const admin = minimal()
    app.use('/blog', blog)
    blog.use('/admin', admin)
    assert.equal(admin.path(), '/blog/admin')
    assert.equal(blog.path(), '/blog')
    assert.equal(app.path(), '')
  })
})
