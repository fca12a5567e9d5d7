import type { Aedes } from 'aedes';

export interface PublishOptions {
  /** Default 1: the seed's channel is QoS 1 throughout. */
  qos?: 0 | 1;
  retain?: boolean;
}

/**
 * Publishes on the MQTT broker from server code — event handlers above all (an order's status on
 * `Order/{orderId}`, a chat message on `Message/{receiverId}`). Services are built before the broker
 * starts, so the broker is attached later; a publish before that throws, and the event that asked
 * for it is retried.
 */
export class RealtimePublisher {
  private aedes: Aedes | undefined;

  attach(aedes: Aedes): void {
    this.aedes = aedes;
  }

  detach(): void {
    this.aedes = undefined;
  }

  publish(topic: string, payload: unknown, options: PublishOptions = {}): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('realtime: the broker is not running'));
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      aedes.publish(
        { cmd: 'publish', topic, payload: body, qos: options.qos ?? 1, retain: options.retain ?? false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
}
