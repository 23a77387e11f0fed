// Swapping Express for an edition in a NestJS 11 project with a lockfile, and back:
// @nestjs/platform-express 11 pins express 5.2.1. The Express 5 edition goes in with
// `npm install express@file:../…` alone, which leaves Nest its own express; `ristretto-express
// swap` ends the swap; `npm install express@5.3.0` puts Express 5 back, with npm alone.
import { it } from 'node:test'
import assert from 'node:assert/strict'
import { NEST_APP, assertOne, describeSwapPath, nest, stateAt } from '../support'

describeSwapPath('NestJS 11, the Express 5 edition: npm install, then ristretto-express swap; back with npm install express@5.3.0', {
  name: 'nest11',
  dependencies: nest(11),
  app: NEST_APP,
  packages: ['@nestjs/platform-express'],
  async steps (p) {
    await p.step('npm', [p.npm('install', `express@${p.tarball(5)}`)])
    await p.step('swap', [p.command('swap')])
    await p.step('back', [p.npm('install', 'express@5.3.0')])
  }
}, (p) => {
  it('installed alone, the edition leaves Nest its own express: two expresses, and the check says so', () => {
    const state = stateAt(p(), 'npm')
    assert.deepEqual(state.copies, ['node_modules/express', 'node_modules/@nestjs/platform-express/node_modules/express'])
    assert.equal(state.check.status, 1)
    assert.equal(state.check.problem, 'a half-done swap: 2 expresses in the tree, the edition 5.3.0, Express 5.2.1')
    assert.deepEqual(state.served.loaded, ['express@5.2.1'])
  })

  it('after ristretto-express swap: the edition is the one express', () => {
    assertOne(p(), 'swap', 'ristretto-express@5.3.0')
  })

  it('after npm install express@5.3.0: Express 5.3.0 is the one express, and nothing of the edition is left', () => {
    assertOne(p(), 'back', 'express@5.3.0')
    assert.deepEqual(stateAt(p(), 'back').leftovers, [])
  })
})
