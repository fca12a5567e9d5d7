import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: '1',
        description:
          'Business-to-business sustainable sourcing marketplace. Send `Authorization: <accessToken>` ' +
          '(from POST /v1/guest/signIn) with `language`, `currencysymbol`, `currencycode` and `platform: 3`. ' +
          'An expired access token answers 406: refresh it with POST /v1/generateToken.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: false });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
