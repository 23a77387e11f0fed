// Swapping Express for an edition in a NestJS 10 project with a lockfile, and back:
// @nestjs/platform-express 10 pins express 4.22.1, beside the project's own express 4.21.2 and
// express-rate-limit (express as a peer). The Express 4 edition goes in with npm's own commands
// (the override, then `npm install express@file:../…`) over a lockfile that nests Nest's express;
// `ristretto-express swap` ends the swap; `ristretto-express restore` puts Express 4 back.
import { it } from 'node:test'
import assert from 'node:assert/strict'
import { NEST_APP, assertOne, describeSwapPath, nest, restoredVersion, stateAt } from '../support'

describeSwapPath('NestJS 10 and peer middleware, the Express 4 edition: npm\'s commands, then ristretto-express swap and restore', {
  name: 'nest10',
  dependencies: { ...nest(10), express: '4.21.2', 'express-rate-limit': '^8.2.1' },
  app: NEST_APP,
  packages: ['@nestjs/platform-express', 'express-rate-limit'],
  async steps (p) {
    await p.step('npm', [p.addOverride(), p.npm('install', `express@${p.tarball(4)}`)])
    await p.step('swap', [p.command('swap')])
    await p.step('restore', [p.command('restore')])
  }
}, (p) => {
  it('starts with two expresses: the project\'s 4.21.2 and the 4.22.1 Nest pins', () => {
    const state = stateAt(p(), 'install')
    assert.deepEqual(state.copies, ['node_modules/express', 'node_modules/@nestjs/platform-express/node_modules/express'])
    assert.equal(state.check.status, 0)
    assert.deepEqual(state.served.loaded, ['express@4.22.1'])
  })

  it('after the override and npm install express@file:../…, the check fails loudly where npm left Nest its own express', () => {
    const state = stateAt(p(), 'npm')
    assert.equal(state.loads['.'], 'ristretto-express@4.22.0 node_modules/express')
    assert.equal(state.check.status, state.copies.length === 1 ? 0 : 1, state.copies.join(', '))
    if (state.copies.length > 1) assert.match(state.check.problem ?? '', /^a half-done swap: 2 expresses in the tree, the edition 4\.22\.0, Express 4\.22\.1$/)
  })

  it('after ristretto-express swap: the edition is the one express, for Nest and the peer middleware', () => {
    assertOne(p(), 'swap', 'ristretto-express@4.22.0')
  })

  it('after ristretto-express restore: Express 4 is the one express, and nothing of the edition is left', () => {
    const version = restoredVersion(p(), 'restore', 4)
    assertOne(p(), 'restore', `express@${version}`)
    assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
    assert.equal(stateAt(p(), 'restore').spec, `^${version}`)
  })
})
