import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages are rendered on the server (crawlers and link previews get full HTML).
  ssr: true,
} satisfies Config;
