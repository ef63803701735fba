import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../../test/helper';
import { INTEGRATION_PATHS, WEBHOOK_EVENTS } from '../../../shared/contracts/integrations';

describe(`OpenAPI document: integrations (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes the webhooks (3.1), the bearer scheme for sessions and API tokens, and the changes feed', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, 'webhook.test'].sort());
    const published = doc.webhooks['pattern.published'].post;
    expect(published.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(
      published.requestBody.content['application/json'].schema.properties.data.properties.pattern
        .properties,
    ).toHaveProperty('SFCC_Pattern_ID');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(
      doc.paths[INTEGRATION_PATHS.changes].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['since', 'limit']));
  });
});
