// Type-level differential: the corpus in test/types/differential/ compiled against @types/express and
// against ristretto's built declarations must give the same verdicts and inferred types.
import { express4Suite, express4MixedSuite, express4AliasSuite } from './differential/run'
import { describeSuite, type KnownDifferences } from './differential/describe-suite'

/**
 * The differences there are, each with its reason; nothing else may differ. Where
 * `@types/express` types a member Express 4 does not have, ristretto rejects the code that would
 * fail at run time. Handlers whose types disagree with the route's are taken as foreign
 * middleware: what `cors()` and the like return, typed against `@types/express`'s own request.
 */
const known: KnownDifferences = {
  'app/app-router-string': { cause: 'rejects valid code', reason: 'app.router throws in Express 4 (it was removed in 4.0)' },
  'request/req-accepted': { cause: 'rejects valid code', reason: 'req.accepted is undefined in Express 4 (an Express 3 member)' },
  'routing/handlers-disagree-on-response-body': { cause: 'accepts invalid code', reason: 'a handler typed for another request is accepted as foreign middleware' }
}

describeSuite('types: differential against @types/express, @types/morgan, @types/body-parser', express4Suite, known, 100)

/**
 * Why an app, a request or a response of Express 4 is not the real `express-serve-static-core`'s:
 * that module declares members Express 4 does not have at run time, which ristretto does not claim.
 */
const accepted = 'core.Request requires req.accepted (MediaType[]), undefined in Express 4 (an Express 3 member)'
const coreApp = 'core.Express/Application require app.stack (undefined on an Express 4 app), router (a getter that throws), resource, map, routes (Express 3 members, undefined) and request: core.Request (' + accepted + ')'

/** Ristretto beside @types/express 4 and the real express-serve-static-core (declarations checked). */
const knownMixed: KnownDifferences = {
  'interop/app-as-core-express': { cause: 'rejects valid code', reason: coreApp },
  'interop/app-as-core-application': { cause: 'rejects valid code', reason: coreApp },
  'interop/app-as-irouter': { cause: 'rejects valid code', reason: 'IRouter requires stack: ILayer[]; an Express 4 app has none (app._router.stack)' },
  'interop/router-as-irouter': { cause: 'rejects valid code', reason: `IRouter's param callbacks take core.Request: ${accepted}` },
  'interop/request-to-core-helper': { cause: 'rejects valid code', reason: accepted },
  'interop/response-to-core-helper': { cause: 'rejects valid code', reason: "core.Response types the sendFile/download callback as (err: Error) => void; it is called without an error on success" }
}

/** `express` as an alias of ristretto, other typings' `express` included. */
const knownAlias: KnownDifferences = {
  'alias/app-as-core-express': { cause: 'rejects valid code', reason: coreApp }
}

describeSuite('types: ristretto beside @types/express 4 and express-serve-static-core (skipLibCheck off)', express4MixedSuite, knownMixed, 10)
describeSuite('types: express as an alias of ristretto, with typings that import it (skipLibCheck off)', express4AliasSuite, knownAlias, 5)
