// Type-level differential: the corpus in test/types/differential/corpus/express5/ compiled against
// @types/express 5 and against ristretto/presets/express5's built declarations must give the same
// verdicts and inferred types.
import { express5Suite, express5MixedSuite } from './differential/run'
import { describeSuite, type KnownDifferences } from './differential/describe-suite'

/** The differences there are, each with its reason; nothing else may differ. */
const known: KnownDifferences = {
  'app/app-internal-router-removed': { cause: 'rejects valid code', reason: 'Express 5 apps have no app._router (app.router is the base router)' },
  'routing/iroute-type': { cause: 'accepts invalid code', reason: "a route of a path without parameters ('/y') takes the handlers IRoute<string> takes; @types/express compares the path types themselves" }
}

describeSuite('types: differential of ristretto/presets/express5 against @types/express 5', express5Suite, known, 100)

/**
 * ristretto/presets/express5 beside @types/express 5 and its express-serve-static-core 5
 * (declarations checked): what that module declares and Express 5 does not have, ristretto does not claim.
 */
const accepted = 'core.Request requires req.accepted (MediaType[]), undefined in Express 5'
const knownMixed: KnownDifferences = {
  'interop/app-as-core-express': { cause: 'rejects valid code', reason: 'core.Express requires resource, map, routes (Express 3 members, undefined) and _router (undefined on an Express 5 app), and request: core.Request (' + accepted + ')' },
  'interop/app-as-irouter': { cause: 'rejects valid code', reason: `IRouter's param callbacks take core.Request: ${accepted}` },
  'interop/router-as-irouter': { cause: 'rejects valid code', reason: `IRouter's param callbacks take core.Request: ${accepted}` },
  'interop/request-to-core-helper': { cause: 'rejects valid code', reason: accepted }
}

describeSuite('types: ristretto/presets/express5 beside @types/express 5 and express-serve-static-core 5 (skipLibCheck off)', express5MixedSuite, knownMixed, 10)
