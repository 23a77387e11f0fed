// node's own `write` and `end` of responses, as they are when the framework is loaded: the body
// writer (file-body.ts, loaded with the first file sent) tells them from wrappers an app installs later.
/// <reference types="node" preserve="true" />
import { OutgoingMessage } from 'http'

export const nativeWrite = OutgoingMessage.prototype.write
export const nativeEnd = OutgoingMessage.prototype.end
