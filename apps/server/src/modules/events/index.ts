/** The events outbox: the one way a committed change drives its side effects (DESIGN §5). */
export { EventsService, defaultBackoff, type EventHandler, type EventsServiceOptions, type NewEvent, type OutboxEvent } from './events.service.js';
export type { EventsTables, EventStatus } from './events.tables.js';
