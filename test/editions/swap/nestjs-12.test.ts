// Swapping Express for an edition in a NestJS 12 project with a lockfile, and back:
// @nestjs/platform-express 12 pins express 5.3.0, the Express 5 edition's version, so
// `npm install express@file:../…` alone makes the edition the one express;
// `ristretto-express restore` puts Express 5 back.
import { it } from 'node:test'
import assert from 'node:assert/strict'
import { NEST_APP, assertOne, describeSwapPath, nest, restoredVersion, stateAt } from '../support'

describeSwapPath('NestJS 12, the Express 5 edition: npm install alone; back with ristretto-express restore', {
  name: 'nest12',
  dependencies: nest(12),
  app: NEST_APP,
  packages: ['@nestjs/platform-express'],
  async steps (p) {
    await p.step('npm', [p.npm('install', `express@${p.tarball(5)}`)])
    await p.step('restore', [p.command('restore')])
  }
}, (p) => {
  it('installed alone, the edition is the one express (Nest pins 5.3.0, the edition\'s version)', () => {
    assertOne(p(), 'npm', 'ristretto-express@5.3.0')
  })

  it('after ristretto-express restore: Express 5 is the one express, and nothing of the edition is left', () => {
    assertOne(p(), 'restore', `express@${restoredVersion(p(), 'restore', 5)}`)
    assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
  })
})
