// The package ships no types; this is the part of its factory that we use.
declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';
  function aedesPersistenceRedis(options: { conn: Redis; maxSessionDelivery?: number; packetTTL?: (packet: unknown) => number }): unknown;
  export default aedesPersistenceRedis;
}
