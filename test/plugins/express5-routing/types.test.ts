import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Router, type RouteParameters } from '../../../plugins/express5-routing'
import { dispatch } from './support'

/** Compiles only when `A` and `B` are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function expectType<T extends true> (value: T): T { return value }

describe('express5-routing: types', () => {
  it('reads req.params from path-to-regexp 8 paths', () => {
    expectType<Equal<RouteParameters<'/users/:id'>, { id: string }>>(true)
    expectType<Equal<RouteParameters<'/files/*path'>, { path: string[] }>>(true)
    expectType<Equal<RouteParameters<'/users/:id{.:format}'>, { id: string, format?: string }>>(true)
    expectType<Equal<RouteParameters<'/a{/:b{/*rest}}/:c'>, { c: string, b?: string, rest?: string[] }>>(true)
    expectType<Equal<RouteParameters<'/:"quoted name"/:$x'>, { 'quoted name': string, $x: string }>>(true)
    expectType<Equal<RouteParameters<'/\\:literal/:id'>, { id: string }>>(true)
    expectType<Equal<RouteParameters<'/plain'>, {}>>(true)
    expectType<Equal<RouteParameters<string>, import('../../../kernel').ParamsDictionary>>(true)
  })

  it('types handlers of route methods and routes by their path', async () => {
    const router = new Router()
    router.get('/files/*path', (req, res) => {
      const segments: string[] = req.params.path
      res.end(segments.join('|'))
    })
    router.route('/users/:id{.:format}').get((req, res) => {
      const id: string = req.params.id
      // @ts-expect-error: an optional parameter may be missing
      const format: string = req.params.format
      res.end(`${id} ${format}`)
    })
    const merged = Router<{ org: string }>({ mergeParams: true })
    merged.get('/:team', (req, res) => { res.end(req.params.org + req.params.team) })
    assert.deepEqual(await dispatch(router, 'GET', '/files/a/b'), { answered: 'a|b', headers: {} })
    assert.deepEqual(await dispatch(router, 'GET', '/users/1'), { answered: '1 undefined', headers: {} })
  })
})
