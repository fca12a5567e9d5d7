/** The tracking module's public surface: what services.ts, app.ts and other modules use. */
export { DEMO_DRIVER, DemoDriverSimulator } from './demo-driver.js';
export { OrderTopicAccess } from './order-topic-access.js';
