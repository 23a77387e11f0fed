// Swapping Express for an edition from a registry, and back: an Express 5 app with
// express-rate-limit (express as a peer) and a lockfile takes the edition with
// `npm install express@npm:ristretto-express@^5`, from a loopback registry that publishes the
// packed editions (editionRegistry); `ristretto-express restore` puts Express 5 back.
import { it } from 'node:test'
import assert from 'node:assert/strict'
import { EXPRESS_APP, assertOne, describeSwapPath, restoredVersion, stateAt } from '../support'

describeSwapPath('an Express 5 app with peer middleware, the edition from a registry: npm install express@npm:ristretto-express@^5; back with ristretto-express restore', {
  name: 'registry',
  dependencies: { express: '5.2.1', 'express-rate-limit': '^8.2.1' },
  app: EXPRESS_APP,
  packages: ['express-rate-limit'],
  registry: true,
  async steps (p) {
    await p.step('npm', [p.npm('install', 'express@npm:ristretto-express@^5')])
    await p.step('restore', [p.command('restore')])
  }
}, (p) => {
  it('installs the edition as the one express, saved as npm saves an alias', () => {
    assertOne(p(), 'npm', 'ristretto-express@5.3.0')
    assert.equal(stateAt(p(), 'npm').spec, 'npm:ristretto-express@^5.3.0')
  })

  it('after ristretto-express restore: Express 5 is the one express, and nothing of the edition is left', () => {
    assertOne(p(), 'restore', `express@${restoredVersion(p(), 'restore', 5)}`)
    assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
  })
})
