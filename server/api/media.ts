import { Hono } from 'hono';
import { findUploadProblem, mediaUploadRequestSchema, type UploadProblemCode } from '../../common/schemas/media.ts';
import { siteOrigin, type Config } from '../config.ts';
import type { AppEnv } from '../deps.ts';
import { DomainError, type ErrorKind } from '../../common/errors.ts';
import { readJsonObject } from '../http/input.ts';
import { parseWith } from '../../common/validate.ts';
import type { MediaService } from '../services/site/media.ts';

// SPEC.md section 8: a file type refused before upload is a plain 400 here
// (the upload itself answers 415 for content that is not what it claims).
const KIND_BY_PROBLEM: Record<UploadProblemCode, ErrorKind> = {
  INVALID_FILE_TYPE: 'invalid',
  FILE_TOO_LARGE: 'too_large',
  INVALID_S3_KEY: 'invalid',
  VALIDATION_FAILED: 'invalid',
};

/**
 * /admin/media: POST /upload-url hands out the address an image is PUT to
 * (SPEC.md section 7), after the checks of SPEC.md sections 5 and 8.
 */
export function adminMediaApi(config: Config, media: MediaService) {
  const app = new Hono<AppEnv>();

  app.post('/upload-url', async (c) => {
    // Not readJson: the upload checks below name a bad file name (a NUL
    // character included) with the codes of SPEC.md section 8.
    const request = parseWith(mediaUploadRequestSchema, await readJsonObject(c));
    const problem = findUploadProblem({
      name: request.file_name,
      type: request.content_type,
      size: request.file_size,
    });
    if (problem) throw new DomainError(problem.code, problem.message, { kind: KIND_BY_PROBLEM[problem.code] });
    const upload = await media.startUpload(request, c.get('staff').userId, siteOrigin(config));
    return c.json(upload, 201);
  });

  return app;
}

/**
 * /media: PUT /upload?token=… receives a file for the local driver. No
 * bearer token: like a presigned S3 URL, the signed address is the
 * permission (see server/storage/upload-token.ts).
 */
export function mediaUploadApi(media: MediaService) {
  const app = new Hono<AppEnv>();

  app.put('/upload', async (c) => {
    await media.acceptUpload(c.req.query('token'), c.req.raw);
    return c.body(null, 204);
  });

  return app;
}
