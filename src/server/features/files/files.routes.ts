import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_PATHS, FileDownloadQuerySchema } from '../../../shared/contracts/files';
import { IdParamSchema } from '../../../shared/contracts/common';
import { currentUser, requireUser } from '../../plugins/auth';
import * as service from './files.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Routes of the "files" feature: the authenticated download, and the sweep of upload leftovers. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FILE_PATHS.downloadPattern,
    {
      preHandler: requireUser,
      schema: {
        tags: ['files'],
        summary: 'Download a pattern file (signed in; another brand’s file is 404)',
        params: IdParamSchema,
        querystring: FileDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.openForDownload(app.deps, currentUser(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.byteSize))
        .header('content-disposition', service.contentDisposition(file.fileName, request.query.inline))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  // Leftovers of interrupted uploads: swept in the background at start-up, then hourly.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    running = service
      .sweepOrphans(app.deps, { log: app.log })
      .then((r) => {
        if (r.orphans || r.temporaries) app.log.info(r, 'swept upload leftovers');
      })
      .catch((err) => app.log.warn({ err }, 'sweep of upload leftovers failed'))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running; // never close the database under a running sweep
  });
};
