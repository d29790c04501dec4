// The metadata documents in the OpenAPI document: the API root, the build status,
// the schema index and the schemas, the Starship dashboard, the request limit,
// this document itself, and the offline snapshot beside the API root. In: the
// build context; out: their paths, with this build's bodies as examples.

import { dataFileSchemas } from '../../schemas/data-files.ts';
import { responseSchemas } from '../../schemas/responses.ts';
import type { BuildContext } from '../api/context.ts';
import { apiRoot, buildStatus, schemaIndex } from '../api/metadata.ts';
import { apiThrottle, starshipDashboard } from '../api/views.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { objectExample, operation, pathParameter, response } from './openapi-blocks.ts';
import { SNAPSHOT } from './page/paths.ts';

/** The OpenAPI document, under the API root. */
export const OPENAPI_PATH = 'openapi.json';

/** The paths of the metadata documents and the snapshot. */
export function metadataPaths(context: BuildContext): Record<string, Json> {
  return {
    '/': operation(
      'root',
      'metadata',
      'The API root: links to the collections and documents.',
      response('The links.', 'ApiRoot', {
        summary: 'The API root of this build',
        value: apiRoot(context),
        'x-source': 'index.json',
      }),
    ),
    '/status.json': operation(
      'status',
      'metadata',
      'The build clock and record counts; which launches are upcoming was decided against this clock.',
      response('The status.', 'Status', {
        summary: 'status.json of this build',
        value: buildStatus(context),
        'x-source': 'status.json',
      }),
    ),
    '/schemas/': operation(
      'schemas',
      'metadata',
      'The URL of every JSON Schema below, by name.',
      response('The schemas of the responses and of the data files.', 'SchemaIndex', {
        summary: 'schemas/index.json of this build',
        value: schemaIndex(context),
        'x-source': 'schemas/index.json',
      }),
    ),
    '/schemas/responses/{name}.schema.json': operation(
      'responseSchema',
      'metadata',
      'JSON Schema of one kind of response.',
      response('The schema.', 'JsonSchema'),
      [
        pathParameter('name', 'Which response.', {
          type: 'string',
          enum: Object.keys(responseSchemas(context.baseUrl)),
        }),
      ],
    ),
    '/schemas/data/{name}.schema.json': operation(
      'dataSchema',
      'metadata',
      'JSON Schema of one kind of YAML data file in the repository.',
      response('The schema.', 'JsonSchema'),
      [pathParameter('name', 'Which data file.', { type: 'string', enum: Object.keys(dataFileSchemas()) })],
    ),
    '/dashboard/starship/': operation(
      'starshipDashboard',
      'metadata',
      'The LL2 Starship dashboard from our records (LL2 serves one object, as here).',
      response(
        'The dashboard.',
        'StarshipDashboard',
        objectExample(
          'dashboard/starship/ of this build',
          starshipDashboard(context) as Json,
          'dashboard/starship/index.json',
        ),
      ),
    ),
    '/api-throttle/': operation(
      'apiThrottle',
      'metadata',
      'The LL2 request limit document: no limit here.',
      response('The limit.', 'ApiThrottle', {
        summary: 'api-throttle/ of this build',
        value: apiThrottle(),
        'x-source': 'api-throttle/index.json',
      }),
    ),
    [`/${OPENAPI_PATH}`]: operation(
      'openapi',
      'metadata',
      'This document.',
      response('The OpenAPI document.', 'OpenApiDocument'),
    ),
    ...snapshotPaths(context.baseUrl),
  };
}

/**
 * The offline snapshot, written beside the API root by the deploy (`npm run snapshot`), not by
 * the build: its paths carry their own server, the site root.
 */
function snapshotPaths(baseUrl: string): Record<string, Json> {
  // The site root: the folder above the API root, where the landing page and the snapshot live.
  const siteRoot = new URL('../', baseUrl).href.replace(/\/$/, '');
  const servers = [{ url: siteRoot, description: 'The site root, above the API root' }];
  const file = (id: string, summary: string, mediaType: string, schema: JsonObject): JsonObject => ({
    servers,
    ...operation(id, 'metadata', summary, { description: summary, content: { [mediaType]: { schema } } }),
  });
  return {
    [`/${SNAPSHOT.archive}`]: file(
      'snapshotArchive',
      'The offline snapshot: the whole API tree, a dump of every launch and event, a manifest and a server needing only Node.js, as one .tar.gz.',
      'application/gzip',
      { type: 'string', contentEncoding: 'binary' },
    ),
    [`/${SNAPSHOT.archive}.sha256`]: file(
      'snapshotChecksum',
      'The sha256 of the snapshot archive, for `sha256sum -c`.',
      'text/plain',
      { type: 'string' },
    ),
    [`/${SNAPSHOT.manifest}`]: file(
      'snapshotManifest',
      'The snapshot manifest: when it was built, with which clock and base URL, counts, and the sha256 of every file.',
      'application/json',
      { type: 'object' },
    ),
  };
}
