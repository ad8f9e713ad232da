import { encodeFrame, type PhoenixMessage, type Vsn } from './protocol.ts';
import { send, sendFrame } from './send.ts';
import { isObject, type Subscription } from './types.ts';

/** A topic's key: private/public plus the name, so the two never share messages. */
export const topicKey = (isPrivate: boolean, subTopic: string) => `${isPrivate ? 'private' : 'public'}:${subTopic}`;

/** Who has joined each topic, and the fan-out of a message to all of them. */
export class Topics {
  private readonly subscribers = new Map<string, Set<Subscription>>();

  add(subscription: Subscription): void {
    let set = this.subscribers.get(subscription.key);
    if (!set) this.subscribers.set(subscription.key, (set = new Set()));
    set.add(subscription);
  }

  delete(subscription: Subscription): void {
    const set = this.subscribers.get(subscription.key);
    set?.delete(subscription);
    if (set?.size === 0) this.subscribers.delete(subscription.key);
  }

  /**
   * Phoenix's fastlane: every subscriber of a topic gets the same frame, so it is encoded
   * once per serializer (vsn), not once per socket. Bytes take the per-socket path. The
   * sender (`from`) gets its own message only when it joined with `self`.
   */
  broadcast(key: string, event: string, payload: unknown, from?: Subscription): void {
    const subscribers = this.subscribers.get(key);
    if (!subscribers?.size) return;
    const binary = isObject(payload) && Buffer.isBuffer(payload.payload);
    const frames = new Map<Vsn, string>();
    for (const subscription of subscribers) {
      if (subscription === from && !subscription.self) continue;
      const message: PhoenixMessage = { join_ref: null, ref: null, topic: subscription.topic, event, payload };
      if (binary) {
        send(subscription.connection, message);
        continue;
      }
      const { vsn } = subscription.connection;
      let frame = frames.get(vsn);
      if (frame === undefined) frames.set(vsn, (frame = encodeFrame(message, vsn)));
      sendFrame(subscription.connection, frame);
    }
  }
}
