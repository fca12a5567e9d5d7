/** The chat module's public surface: what services.ts, app.ts and other modules use. */
export { ChatMqtt } from './chat-mqtt.js';
export type { ChatUser } from './chat-users.js';
export { type ChatModule, createChatModule } from './chat.module.js';
export { chatRoutes } from './chat.routes.js';
export type { ChatTables } from './chat.tables.js';
export { isometricsRoutes } from './isometrics.routes.js';
