// The kernel hooks route listing is fed by, as a third-party plugin (an OpenAPI generator, say) would tap them.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createFramework, definePlugin, type Layer, type PathParams, type Route } from '../../../kernel'
import defaultPreset from '../../../presets/default'

const noop = (): void => {}

describe('kernel hooks for route tools', () => {
  it('layerAdded(router, layer, path) carries the path as written, for use() and route()', () => {
    const seen: Array<[PathParams, boolean]> = []
    const re = /^\/re$/
    const framework = createFramework({
      plugins: [definePlugin({ name: 'probe', apply ({ hooks }) { hooks.layerAdded.tap('probe', (router, layer, path) => { seen.push([path, Boolean(layer.route)]) }) } })]
    })
    const app = framework()
    const router = framework.Router()
    app.use('/api', router)
    app.get(re, noop)
    app.route(['/a', '/b'])
    assert.deepEqual(seen.map(([path, isRoute]) => [path === re ? 're' : path, isRoute]), [['/', false], ['/api', false], ['re', true], [['/a', '/b'], true]])
  })

  it('routeLayerAdded(route, layer) fires for each handler of a route, with its method', () => {
    const seen: Array<[Route, string | undefined, string]> = []
    const framework = createFramework({
      plugins: [...defaultPreset.plugins, definePlugin({
        name: 'openapi-probe',
        apply ({ hooks }) {
          hooks.routeLayerAdded.tap('openapi-probe', (route: Route, layer: Layer) => { seen.push([route, layer.method, layer.name]) })
        }
      })]
    })
    const app = framework()
    function listUsers (): void {}
    function createUser (): void {}
    app.get('/users', listUsers)
    const route = app.route('/users/:id').all(noop).post(createUser)
    assert.deepEqual(seen.map(([r, m, n]) => [r.path, m, n]), [
      ['/users', 'get', 'listUsers'],
      ['/users/:id', undefined, 'noop'],
      ['/users/:id', 'post', 'createUser']
    ])
    assert.equal(seen[2][0], route)
  })

  it('routeLayerAdded stays silent for routes made outside a router of the framework', () => {
    let calls = 0
    const framework = createFramework({
      plugins: [definePlugin({ name: 'probe', apply ({ hooks }) { hooks.routeLayerAdded.tap('probe', () => { calls++ }) } })]
    })
    const route = new framework.Route('/loose')
    route.get(noop)
    assert.equal(calls, 0)
  })
})
