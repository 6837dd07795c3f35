import type { TestProject } from 'vitest/node';
import { createMockOffersService } from '../../src/server/mock/index.js';
import type { RawOffersResponse } from '../../src/server/mock/index.js';

/**
 * Global setup of the component tests (vitest.browser.config.ts): one mock offers service for the
 * run. Its answer to an offers POST is handed to the tests as `inject('offersResponse')`, the raw
 * JSON a page would receive, and it serves the images and pixels that response points at.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await createMockOffersService();
  const answer = await fetch(`${mock.url}/native/v2/offers.json?api_key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ placement: 'component-test' }),
  });
  if (!answer.ok) throw new Error(`the mock answered ${answer.status}`);
  project.provide('offersResponse', (await answer.json()) as RawOffersResponse);
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock's raw offers response (the service's JSON). */
    offersResponse: RawOffersResponse;
    /** The mock's origin: images, pixels. */
    mockUrl: string;
  }
}
