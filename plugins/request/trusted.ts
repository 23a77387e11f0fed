// Reads the app's compiled `trust proxy fn` and asks it about the socket peer.
/// <reference types="node" preserve="true" />
import type { IncomingMessage } from 'http'
import type { Application } from '../../kernel'
import type { TrustFunction } from './trust-proxy'

/** A request as the getters see it: linked to its app by the app's request prototype. */
export interface AppRequest extends IncomingMessage {
  app: Application
}

/** The app's `trust proxy fn` (inherited through the settings chain by mounted apps). */
export function trustFunction (req: AppRequest): TrustFunction {
  return req.app.get('trust proxy fn') as TrustFunction
}

/** Whether the socket peer (hop 0) is a trusted proxy, so its `X-Forwarded-*` headers count. */
export function peerIsTrusted (req: AppRequest): boolean {
  const socket = req.socket
  return trustFunction(req)(socket ? socket.remoteAddress : undefined, 0)
}
